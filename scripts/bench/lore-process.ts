import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/free-port';
import { startArguments } from '../../server/test/lore-process';
import { buildServer } from '../build-server';

/**
 * Lore as people run it (as `npm start` does, in one process),
 * as a child process with no SMTP: mail goes to the log's dev outbox, where
 * `loginToken` reads it. By default on the embedded database in a temporary data
 * folder, removed at the end; or on a given folder (kept), or on PostgreSQL.
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
  // What is measured is the server as the sources are now, not an older build of them.
  await buildServer();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lore-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...options.env,
  };
  // Only the database asked for; a configured mail server would take the sign-in links away from the log.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  // LORE_BENCH_CPU_PROFILE=<folder>: Lore writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.LORE_BENCH_CPU_PROFILE;
  const profiling = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
  const child = spawn(process.execPath, [...profiling, ...startArguments()], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const messages: Array<{ msg: string; to?: string }> = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    buffered += text;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        messages.push({ msg: String(entry.msg ?? ''), to: entry.to });
      } catch {
        messages.push({ msg: line });
      }
    }
    for (const wake of waiters) wake();
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  /** Resolves to the first log message (from `since` on) that `pick` accepts. */
  async function waitForLog<T>(
    pick: (message: { msg: string; to?: string }) => T | undefined,
    what: string,
    timeoutMs: number,
    since = 0,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const message of messages.slice(since)) {
        const found = pick(message);
        if (found !== undefined) return found;
      }
      if (child.exitCode !== null)
        throw new Error(`Lore exited (${child.exitCode}) while waiting for ${what}:\n${stderr}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Timed out waiting for ${what}:\n${stderr}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  try {
    await waitForLog(
      (m) => (m.msg.startsWith('Lore is running') ? true : undefined),
      'Lore to start',
      options.startTimeoutMs ?? 30_000,
    );
  } catch (error) {
    child.kill('SIGTERM');
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    baseUrl,
    pid: child.pid!,
    /** How many log messages there are so far; pass it to `loginToken` to skip older mail. */
    mark: () => messages.length,
    /** The token of the sign-in link the dev outbox logged for `email` after `since` (redeem it with POST /api/redeemLoginLink). */
    loginToken: (email: string, since: number) =>
      waitForLog(
        (m) =>
          m.msg.startsWith('Dev outbox') && m.to === email
            ? m.msg.match(/https?:\/\/\S*\/auth\/callback\?token=([^&\s]+)/)?.[1]
            : undefined,
        `a login link for ${email}`,
        10_000,
        since,
      ),
    /** Stops Lore with SIGTERM (as a service manager would) and removes its data unless its folder was given. */
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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
