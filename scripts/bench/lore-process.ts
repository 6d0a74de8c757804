import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/free-port';
import { startLoreProcess } from '../../server/test/lore-process';
import { tokenOf } from '../../server/test/mailbox';
import { buildServer } from '../build-server';

/** Inside the tree, so that its packages resolve from node_modules; the web app is served from dist/web as ever. */
const BENCH_SERVER_BUILD = 'dist/bench-server';

/**
 * Lore as people run it (as `npm start` does, in one process, in production mode),
 * started the tests' way (server/test/lore-process.ts) with no SMTP: mail goes to the
 * log's dev outbox, where `loginToken` reads it. By default on the embedded database in a
 * temporary data folder, removed at the end; or on a given folder (kept), or on PostgreSQL.
 */
export async function startLore(
  options: {
    startTimeoutMs?: number;
    /** A data folder to keep (the embedded database lives in it unless `databaseUrl` is given). */
    dataDir?: string;
    databaseUrl?: string;
    /** More settings for Lore's environment. */
    env?: Record<string, string>;
  } = {},
) {
  // What is measured is the server as the sources are now, not an older build of them; built
  // into a folder of its own, so that a bench never replaces the build that tests are running.
  await buildServer({ outdir: BENCH_SERVER_BUILD });
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lore-bench-'));
  const removeOwnData = () => ownDataDir && fs.rmSync(dataDir, { recursive: true, force: true });
  // LORE_BENCH_CPU_PROFILE=<folder>: Lore writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.LORE_BENCH_CPU_PROFILE;
  const spawned = performance.now();
  const lore = startLoreProcess({
    port: await freePort(),
    dataDir,
    nodeFlags: profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [],
    entry: path.join(BENCH_SERVER_BUILD, 'index.js'),
    env: { NODE_ENV: 'production', DATABASE_URL: options.databaseUrl ?? '', ...options.env },
  });
  try {
    await lore.ready(options.startTimeoutMs ?? 30_000);
  } catch (error) {
    lore.kill();
    removeOwnData();
    throw error;
  }
  const readyAfterMs = performance.now() - spawned;

  return {
    baseUrl: lore.baseUrl,
    pid: lore.child.pid!,
    /** From the process's start to its first answer (its log's "Lore is running"). */
    readyAfterMs,
    /** Where the log is now; pass it to `loginToken` to skip older mail. */
    mark: () => lore.output().length,
    /** The first match of `text` in the log after `since` (a `mark()`), once it is there. */
    waitFor: (text: string | RegExp, timeoutMs: number, since: number) => lore.waitFor(text, timeoutMs, since),
    /** The token of the sign-in link the dev outbox logged for `email` after `since` (redeem it with POST /api/redeemLoginLink). */
    loginToken: async (email: string, since: number) => tokenOf(await lore.loginLink(email, since)),
    /** Stops Lore with SIGTERM (as a service manager would, SIGKILL after 10 s) and removes its data unless its folder was given. */
    async stop() {
      const timer = setTimeout(() => lore.kill(), 10_000);
      await lore.stop();
      clearTimeout(timer);
      removeOwnData();
    },
  };
}

export type LoreProcess = Awaited<ReturnType<typeof startLore>>;

/** Signs `email` in through the dev outbox, as a person would; answers the session cookie. */
export async function signIn(lore: LoreProcess, email: string): Promise<string> {
  const since = lore.mark();
  const asked = await fetch(`${lore.baseUrl}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: lore.baseUrl },
    body: JSON.stringify({ email, callbackURL: '/auth/callback' }),
  });
  if (!asked.ok) throw new Error(`Asking for a sign-in link answered ${asked.status}: ${await asked.text()}`);
  const token = await lore.loginToken(email, since);
  const redeemed = await fetch(`${lore.baseUrl}/api/redeemLoginLink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: lore.baseUrl },
    body: JSON.stringify({ token, name: 'Bench Person' }),
  });
  if (!redeemed.ok) throw new Error(`Redeeming the link answered ${redeemed.status}: ${await redeemed.text()}`);
  return redeemed.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Calls Lore's API as `cookie`'s person; answers the answer's `data`, or throws with its status and body. */
export async function callApi<T>(
  lore: LoreProcess,
  cookie: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${lore.baseUrl}${pathname}`, {
    method,
    headers: { cookie, origin: lore.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

const paragraph = (i: number) =>
  `<p>Step ${i}: check the runbook, confirm the on-call rota, and write down what changed and why, so the next person finds it.</p>`;

/**
 * A workspace of `articles` runbooks of twelve paragraphs, tagged, made by `cookie`'s
 * person: the pages the first-load benches open. Answers its id and its first article's short id.
 */
export async function workspaceOfArticles(lore: LoreProcess, cookie: string, articles = 30) {
  const account = await callApi<{ id: string }>(lore, cookie, 'POST', '/api/accounts', { name: 'Platform Team' });
  let firstArticle = '';
  for (let i = 0; i < articles; i++) {
    const item = await callApi<{ short_id: string }>(lore, cookie, 'POST', `/api/accounts/${account.id}/knowledge`, {
      title: `Runbook ${i + 1}: restoring the backups`,
      content: Array.from({ length: 12 }, (_, p) => paragraph(p + 1)).join(''),
      tags: ['ops', i % 2 ? 'backups' : 'on-call'],
    });
    firstArticle ||= item.short_id;
  }
  return { accountId: account.id, firstArticle };
}
