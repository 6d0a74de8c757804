import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_POSITION_HEADER } from '../../common/live';
import { createItem } from '../test/knowledge-factory';
import { startTestServer, type SignedInClient, type TestServer } from '../test/test-server';
import { turnOnTwoFactor } from '../test/two-factor';

// The same on both databases (pages drawn on the server): npm test runs it on PGlite only.

/** The built web app; `npm run build` (which `npm test` runs first) makes it and its server side. */
const webRoot = path.resolve('dist/web');
if (!fs.existsSync(path.join(webRoot, '..', 'ssr', 'entry-server.js')))
  throw new Error('These tests draw pages with the built web app: run `npm run build` first');

let lore: TestServer;
let owner: SignedInClient;
let accountId: string;
let item: { id: string; short_id: string };

beforeAll(async () => {
  lore = await startTestServer({ webRoot });
  const account = await lore.account({ name: 'Acme Docs' });
  owner = account.owner;
  accountId = account.id;
  item = await createItem(owner, accountId, {
    title: 'Rotating the on-call pager',
    content: '<h2>Handover</h2><p>Hand the pager over on Monday at nine.</p>',
    tags: ['oncall'],
  });
});
afterAll(async () => {
  await lore.close();
});

/** The page's state element, as the browser reads it (web/src/app/page-state.ts). */
function pageState(html: string) {
  const json = /<script type="application\/json" id="lore-page-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? JSON.parse(json) : undefined;
}

describe('pages drawn on the server', () => {
  it('draws the knowledge list with its cards, and the state the browser takes over from', async () => {
    const page = await owner.get(`/account/${accountId}/knowledge`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const html = page.body as string;
    expect(html).toContain('Rotating the on-call pager');
    expect(html).toContain('Hand the pager over on Monday at nine.');
    expect(html).toContain('Acme Docs');
    const state = pageState(html);
    const keys = state.queries.queries.map((query: { queryKey: unknown }) => query.queryKey);
    expect(keys).toContainEqual(['session']);
    expect(state.router.loaderData).toBeDefined();
  });

  it("draws the starred list with its handles inert, and no script of React's that the CSP would refuse", async () => {
    const member = await lore.user();
    const account = await lore.createAccount(member.userId, 'Starred Team');
    for (const title of ['First star', 'Second star']) {
      const starred = await createItem(member, account.id, { title, content: '<p>x</p>', tags: [] });
      await member.post(`/api/accounts/${account.id}/stars`, { knowledgeId: starred.id });
    }
    const html = (await member.get(`/account/${account.id}/knowledge`)).body as string;
    expect(pageState(html)).toBeDefined();
    expect(html).toContain('Starred');
    // Reordering works once the page's code runs: until then the handles say they are not ready.
    expect(html).toMatch(/<button[^>]*aria-label="Reorder First star"[^>]*aria-disabled="true"/);
    // The page's scripts are the app's code and its state, nothing inline that the CSP would refuse.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\//),
      '<script type="application/json" id="lore-page-state">',
    ]);
    expect(html).not.toContain('<template');
  });

  it('draws an article', async () => {
    const html = (await owner.get(`/account/${accountId}/knowledge/${item.short_id}`)).body as string;
    expect(html).toContain('<h1');
    expect(html).toContain('Rotating the on-call pager');
    expect(html).toContain('Hand the pager over on Monday at nine.');
  });

  it("carries the change position its answers reflect, from which the page's live stream resumes", async () => {
    const position = Number((await owner.get('/api/me')).headers.get(CHANGE_POSITION_HEADER));
    const state = pageState((await owner.get(`/account/${accountId}/knowledge`)).body as string);
    expect(state.changePosition).toBeGreaterThanOrEqual(position);
  });

  it('keeps what an item says inside the page state: no title can end its element or add a script', async () => {
    const title = '</script><script>alert(1)</script><!--';
    const hostile = await createItem(owner, accountId, { title, content: '<p>Harmless.</p>', tags: [] });
    const html = (await owner.get(`/account/${accountId}/knowledge/${hostile.short_id}`)).body as string;
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script/g)).toHaveLength(html.match(/<\/script>/g)!.length);
    const item = pageState(html).queries.queries.find((query: { queryKey: string[] }) =>
      query.queryKey.includes(hostile.short_id),
    );
    expect(item.state.data.title).toBe(title);
  });

  it('passes on the cookies its answers set: a session renewed while the page is drawn is renewed in the browser', async () => {
    const member = await lore.user();
    const account = await lore.createAccount(member.userId, 'Renewal Team');
    // Last renewed six days ago: the next session check renews it (better-auth's updateAge, a day) and sets its cookie anew.
    await lore.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000) })
      .where('user_id', '=', member.userId)
      .execute();
    const page = await member.get(`/account/${account.id}/knowledge`);
    expect(page.body).toContain('Renewal Team');
    expect(page.headers.getSetCookie().some((cookie) => /^lore\.session_token=/.test(cookie))).toBe(true);
  });

  it('draws the sign-in page for a visitor who is not signed in, and not for someone who is', async () => {
    const html = (await lore.anonymous().get('/login')).body as string;
    expect(html).toContain('Sign in to Lore');
    expect(html).toContain('Send login link');
    expect(pageState(html).queries.queries.map((query: { queryKey: unknown }) => query.queryKey)).toContainEqual([
      'sign-in-options',
    ]);
    // Signed in, the page sends them on to their workspaces: the browser's to do.
    const signedIn = (await owner.get('/login')).body as string;
    expect(signedIn).not.toContain('Sign in to Lore');
    expect(pageState(signedIn)).toBeUndefined();
  });

  it('draws nothing of a signed-in page for a visitor who is not signed in', async () => {
    const page = await lore.anonymous().get(`/account/${accountId}/knowledge`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.body).not.toContain('Rotating the on-call pager');
    expect(pageState(page.body)).toBeUndefined();
  });

  it("draws nothing of another workspace for someone who is not its member, with the same page's address", async () => {
    const stranger = await lore.user();
    for (const address of [`/account/${accountId}/knowledge`, `/account/${accountId}/knowledge/${item.short_id}`]) {
      const html = (await stranger.get(address)).body as string;
      expect(html).not.toContain('Rotating the on-call pager');
      expect(html).not.toContain('Acme Docs');
      expect(pageState(html)).toBeUndefined();
    }
  });

  it('draws nothing for a session that owes its two-factor code', async () => {
    const member = await lore.user();
    await lore.createAccount(member.userId, 'Second Factor Team');
    const accounts = (await member.get('/api/accounts')).body.data as Array<{ id: string }>;
    await turnOnTwoFactor(await lore.anotherSession(member));
    const html = (await member.get(`/account/${accounts[0]!.id}/knowledge`)).body as string;
    expect(html).not.toContain('Second Factor Team');
    expect(pageState(html)).toBeUndefined();
  });

  it("draws pages the server does not draw as before: the browser's to draw", async () => {
    const html = (await owner.get(`/account/${accountId}/dashboard`)).body as string;
    expect(html).not.toContain('Acme Docs');
    expect(pageState(html)).toBeUndefined();
  });

  it('draws pages for several people at once, each with their own answers only', async () => {
    const others = await Promise.all(
      ['Alpha', 'Beta', 'Gamma'].map(async (name) => {
        const account = await lore.account({ name: `${name} Team` });
        await createItem(account.owner, account.id, { title: `${name} secret plan`, content: '<p>x</p>', tags: [] });
        return { name, account };
      }),
    );
    // The app's server side loaded first, as in a process that has drawn a page: six first pages at once
    // wait for it together, then ask the API for some 30 answers at once, past PGlite's admission of 8.
    await others[0]!.account.owner.get(`/account/${others[0]!.account.id}/knowledge`);
    const pages = await Promise.all(
      [...others, ...others].map(({ account }) => account.owner.get(`/account/${account.id}/knowledge`)),
    );
    for (const [index, page] of pages.entries()) {
      const own = others[index % others.length]!.name;
      expect(page.body).toContain(`${own} secret plan`);
      for (const { name } of others) if (name !== own) expect(page.body).not.toContain(`${name} secret plan`);
    }
  });
});
