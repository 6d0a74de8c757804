import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Role } from '../db/types';
import { sampleImages, uploadFile } from '../test/knowledge-factory';
import { postPdf } from '../test/pdf-factory';
import type { TestClient, TestResponse } from '../test/http-client';
import { routeCases, type RouteCase, type Sample } from '../test/route-samples';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { turnOnTwoFactor } from '../test/two-factor';
import { apiTokenClient } from '../test/api-tokens';
import { addWalkMember, createWalkWorkspace, type WalkWorkspace } from '../test/walk-workspace';
import { OPENAPI_PATH } from './openapi';

/**
 * The route-table walk: every route the assembled app registers, tried by
 * every kind of caller against a workspace. The routes come from the app, so
 * a new route fails here until route-samples.ts says who may call it.
 */
const CALLERS = [
  'anonymous',
  'stranger',
  'member',
  'admin',
  'owner',
  'unverified',
  'outsider',
  'readToken',
  'writeToken',
  'strangerToken',
] as const;
/** `unverified`: an admin with two-factor on, on another device that has not given its code (decision 4). */
/**
 * `outsider`: the walk's member, naming the items, files and collection of a restricted collection
 * they were not chosen for (decision 35): those exist nowhere for them.
 */
/**
 * `readToken`, `writeToken`: the owner's read-only and read-write API tokens for the workspace (decision 36);
 * `strangerToken`: the stranger's read-write token for its own workspace.
 */
/** `swapper`: the stranger naming its own workspace with the walked workspace's item, member, invitation or file ids. */
type Caller = (typeof CALLERS)[number] | 'swapper';
const RANK: Record<Role, number> = { member: 1, admin: 2, owner: 3 };

const lore = useTestServer();
let workspace: WalkWorkspace;
/** Another workspace; its owner is the stranger: signed in, with every power there and none in the walked one. */
let elsewhere: WalkWorkspace;
let routes: string[];
let accessInDocument: Map<string, string>;
/** Routes a session that owes its code may call, by the contracts. */
let beforeSecondFactor: Set<string>;
/** What an API token needs to call each route, by the contracts (`x-api-token`). */
let apiTokenUse: Map<string, string | undefined>;

beforeAll(async () => {
  workspace = await createWalkWorkspace(lore);
  elsewhere = await createWalkWorkspace(lore);
  const registered = createApp(lore.deps).routes.filter(
    (route) => route.method !== 'ALL' && route.path.startsWith('/api/'),
  );
  routes = [...new Set(registered.map((route) => `${route.method} ${route.path}`))];
  const document = (await lore.anonymous().get(OPENAPI_PATH)).body as {
    paths: Record<
      string,
      Record<string, { 'x-access'?: string; 'x-before-second-factor'?: boolean; 'x-api-token'?: string }>
    >;
  };
  const routeOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
  beforeSecondFactor = new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        operation['x-before-second-factor'] ? [routeOf(method, path)] : [],
      ),
    ),
  );
  apiTokenUse = new Map(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => [routeOf(method, path), operation['x-api-token']]),
    ),
  );
  accessInDocument = new Map(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => [
        `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        operation['x-access'] ?? '',
      ]),
    ),
  );
});

const walked = () =>
  routes.flatMap((route) => {
    const routeCase = routeCases[route];
    return routeCase && 'sample' in routeCase ? [[route, routeCase] as const] : [];
  });

/** What `caller` must get from a route that `allowed` callers may use. */
function expectedFor(
  route: string,
  { allowed, namesObject, namesItem, sample }: RouteCase,
  caller: Caller,
): 'success' | 'unauthenticated' | 'hidden' | 'forbidden' | 'owesCode' {
  if (caller === 'swapper') return namesObject ? 'hidden' : 'success';
  if (caller === 'outsider')
    return namesItem ? 'hidden' : expectedFor(route, { allowed, namesObject, sample }, 'member');
  if (allowed === 'public') return 'success';
  if (caller === 'readToken' || caller === 'writeToken' || caller === 'strangerToken') {
    const use = apiTokenUse.get(route);
    if (use === 'never' || (use === 'write' && caller === 'readToken')) return 'forbidden';
    // A token acts as its owner (the walked workspace's, who may do anything there) in its one workspace.
    return caller === 'strangerToken' && allowed !== 'user' ? 'hidden' : 'success';
  }
  if (caller === 'unverified') return beforeSecondFactor.has(route) ? 'success' : 'owesCode';
  if (caller === 'anonymous') return 'unauthenticated';
  if (allowed === 'user') return 'success';
  if (caller === 'stranger') return 'hidden';
  return RANK[caller] >= RANK[allowed] ? 'success' : 'forbidden';
}

const meets: Record<ReturnType<typeof expectedFor>, (status: number) => boolean> = {
  success: (status) => status >= 200 && status < 300,
  unauthenticated: (status) => status === 401,
  hidden: (status) => status === 403 || status === 404,
  forbidden: (status) => status === 403,
  owesCode: (status) => status === 403,
};

const unverifiedSessions = new Map<string, SignedInClient>();
const tokenClients = new Map<string, SignedInClient>();

/** The owner's API token of `access` for the workspace, made once per workspace. */
async function ownersToken(target: WalkWorkspace, access: 'read' | 'write'): Promise<SignedInClient> {
  const key = `${target.id} ${access}`;
  if (!tokenClients.has(key)) tokenClients.set(key, (await apiTokenClient(target.owner, target.id, access)).client);
  return tokenClients.get(key)!;
}

/**
 * An admin of the workspace with two-factor on, on a new device that has not
 * given its code yet (a member of its own, so the owner's sessions stay as they are).
 */
async function unverifiedAdminOf(target: WalkWorkspace): Promise<SignedInClient> {
  if (!unverifiedSessions.has(target.id)) {
    const admin = await addWalkMember(lore, target.id, 'admin');
    await turnOnTwoFactor(admin);
    unverifiedSessions.set(target.id, await lore.anotherSession(admin));
  }
  return unverifiedSessions.get(target.id)!;
}

async function clientFor(
  caller: Caller,
  target: WalkWorkspace,
  own: WalkWorkspace,
): Promise<TestClient | SignedInClient> {
  if (caller === 'anonymous') return lore.anonymous();
  if (caller === 'stranger') return elsewhere.owner;
  if (caller === 'unverified') return unverifiedAdminOf(target);
  if (caller === 'readToken') return ownersToken(target, 'read');
  if (caller === 'writeToken') return ownersToken(target, 'write');
  if (caller === 'strangerToken') return ownersToken(elsewhere, 'write');
  if (caller === 'outsider') return target.member;
  return caller === 'swapper' ? own.owner : target[caller];
}

/** Sends the sample to the registered route, its `:params` filled from the sample. */
async function send(route: string, client: TestClient, sample: Sample): Promise<TestResponse> {
  const [method, pattern] = route.split(' ') as [string, string];
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = sample.params?.[name];
    if (value === undefined) throw new Error(`${route}: its sample gives no "${name}"`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(sample.query).toString();
  const url = query ? `${path}?${query}` : path;
  if (sample.upload) return uploadFile(client, url, sample.upload, 'walk.gif', 'image/gif');
  if (sample.pdf) return postPdf(client, url, { bytes: sample.pdf, name: 'walk.pdf' }, sampleImages.png);
  return client.request(method, url, sample.json === undefined ? {} : { json: sample.json });
}

/** Tries the route as `caller`; answers what went wrong, or nothing. */
async function tryRoute(route: string, routeCase: RouteCase, caller: Caller): Promise<string[]> {
  const fresh = routeCase.destroysWorkspace;
  const target = fresh ? await createWalkWorkspace(lore) : workspace;
  // The swapper names its own workspace (a fresh one too when the request destroys it); everyone else the walked one.
  const own = caller !== 'swapper' ? target : fresh ? await createWalkWorkspace(lore) : elsewhere;
  const client = await clientFor(caller, target, own);
  // The outsider names the restricted collection's item, file and collection in place of the open ones.
  const { restricted } = target;
  const named =
    caller === 'outsider'
      ? { ...target, item: restricted.item, imagePath: restricted.imagePath, itemCollectionId: restricted.collectionId }
      : target;
  const sample = await routeCase.sample({
    lore,
    account: caller === 'outsider' ? named : own,
    workspace: named,
    caller: caller === 'anonymous' ? undefined : (client as SignedInClient),
  });
  const response = await send(route, client, sample);
  const expected = expectedFor(route, routeCase, caller);
  const problems: string[] = [];
  const owesCodeAnswered = expected !== 'owesCode' || response.body?.code === 'mfa_required';
  if (!meets[expected](response.status) || !owesCodeAnswered) {
    problems.push(`${route} as ${caller}: ${response.status} ${JSON.stringify(response.body)}, expected ${expected}`);
  }
  if (caller === 'anonymous' || caller === 'stranger' || caller === 'swapper' || caller === 'strangerToken') {
    const answer = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
    const seen = target.secrets.filter((secret) => answer.includes(secret));
    if (seen.length > 0) problems.push(`${route} as ${caller} sees the workspace's data: ${seen.join(', ')}`);
  }
  if (caller === 'member' || caller === 'outsider') {
    const answer = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
    const seen = restricted.secrets.filter((secret) => answer.includes(secret));
    if (seen.length > 0) problems.push(`${route} as ${caller} sees a restricted collection: ${seen.join(', ')}`);
  }
  return problems;
}

describe('the route-table walk', () => {
  it('has a case for every registered route (add a new route to server/test/route-samples.ts)', () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((route) => !routeCases[route]);
    expect(missing, 'registered routes without a case in server/test/route-samples.ts').toEqual([]);
    const gone = Object.keys(routeCases).filter((route) => !routes.includes(route));
    expect(gone, 'cases in server/test/route-samples.ts for routes the app no longer registers').toEqual([]);
  });

  it("agrees with each endpoint's contract on who may call it", () => {
    const disagreements = walked().flatMap(([route, { allowed }]) => {
      const access = accessInDocument.get(route);
      if (access === undefined) return allowed === 'public' ? [] : [`${route}: not in the API description`];
      const agrees =
        access === 'public' ? allowed === 'public' : access === 'user' ? allowed !== 'public' : allowed in RANK;
      return agrees ? [] : [`${route}: the contract says ${access}, the walk says ${allowed}`];
    });
    expect(disagreements).toEqual([]);
  });

  it.each(CALLERS)(
    'gives %s exactly what that caller may have, on every route',
    async (caller) => {
      const problems: string[] = [];
      for (const [route, routeCase] of walked()) problems.push(...(await tryRoute(route, routeCase, caller)));
      expect(problems).toEqual([]);
    },
    60_000,
  );

  it("gives a stranger nothing of the workspace's items, members, invitations or files through its own workspace's id", async () => {
    const problems: string[] = [];
    for (const [route, routeCase] of walked()) problems.push(...(await tryRoute(route, routeCase, 'swapper')));
    expect(problems).toEqual([]);
  }, 60_000);
});
