import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { WriterTimings } from '../ai/writer';
import type { CollaborationTimings } from '../collaboration/collaboration';
import { assembleApp } from '../assemble';
import type { Database } from '../db/client';
import type { Role } from '../db/types';
import { insertMember } from '../data/account-members';
import { createAccountWithOwner } from '../commands/create-account';
import { loadEnv } from '../env';
import { listen } from '../http-server';
import { createLoreJobWorker } from '../jobs/jobs';
import { TestClient } from './http-client';
import { linkIn, startMailbox, tokenOf } from './mailbox';
import { openTestDatabase } from './test-database';
import { createSignedInUser, signInAgain, type SignedInClient } from './user-factory';

export type { SignedInClient } from './user-factory';

/** The session secret test servers sign cookies with; another Lore process on the same database needs it too. */
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';

/**
 * Lore over real HTTP on a free port, with a fresh database (or the given one,
 * which the caller keeps and closes) and a real SMTP server catching its mail.
 * One per test file; close it in afterAll. Its job queue runs when a test
 * calls `jobs.runUntilIdle()`, or by itself with `backgroundJobs` (as in the browser tests).
 */
export async function startTestServer(
  options: {
    webRoot?: string;
    env?: Record<string, string>;
    database?: Database;
    backgroundJobs?: boolean;
    /** The model's time limits, shortened so a test waits for a state rather than for the clock. */
    writerTimings?: WriterTimings;
    /** Live co-editing's pauses, shortened likewise. */
    collaboration?: CollaborationTimings;
  } = {},
) {
  const mailbox = await startMailbox();
  const { database, drop } = options.database
    ? { database: options.database, drop: async () => {} }
    : await openTestDatabase();
  let handler: (request: Request, env?: unknown) => Response | Promise<Response> = () =>
    new Response(null, { status: 503 });
  // `env` carries the socket, from which the client's address is read, as in production.
  const server = await listen((request, env) => handler(request, env), { port: 0, hostname: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-data-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    BASE_URL: baseUrl,
    SMTP_URL: mailbox.url,
    LOG_LEVEL: process.env.LORE_TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    // A page's test waits for the page drawn, however busy the machine is.
    RENDER_TIME_LIMIT_MS: '60000',
    ...options.env,
  });
  const logger = pino({ level: env.LOG_LEVEL });
  const { app, deps, upgrades } = assembleApp({
    env,
    database,
    logger,
    secret: TEST_AUTH_SECRET,
    webRoot: options.webRoot,
    writerTimings: options.writerTimings,
    collaboration: options.collaboration,
  });
  handler = app.fetch;
  server.onUpgrade(upgrades);
  // A short poll, so a page waiting on a job's result is not kept waiting.
  const jobs = createLoreJobWorker(deps, { pollMs: 100 });
  if (options.backgroundJobs) jobs.start();

  const test = {
    baseUrl,
    db: database.db,
    database,
    mailbox,
    deps,
    /**
     * The job queue's worker: `await lore.jobs.runUntilIdle()` runs every job due, such as item summaries,
     * and those that indexing queues (an item's embedding), with the indexing the jobs ask for (a PDF read).
     */
    jobs: {
      ...jobs,
      async runUntilIdle() {
        let ran = 0;
        for (;;) {
          await deps.searchIndexer.idle();
          const now = await jobs.runUntilIdle();
          if (now === 0) return ran;
          ran += now;
        }
      },
    },
    /** Resolves once every item saved so far is indexed for search (decision 45), for a test that reads the index itself. */
    indexed: () => deps.searchIndexer.idle(),
    /** A client with no session. */
    anonymous: () => new TestClient(baseUrl),
    /** A new user with a profile and a session, made without the e-mail round trip; for tests not about signing in. */
    user: (options: { email?: string; name?: string } = {}) => createSignedInUser(deps.auth, baseUrl, options),
    /** Another session for the same user, as a second device would have; `userAgent` is stored on it. */
    anotherSession: (user: { email: string; userId: string }, options: { userAgent?: string } = {}) =>
      signInAgain(deps.auth, baseUrl, user, options),
    /** Asks for a login link, opens it from the received mail and redeems it, as a person's browser would. */
    async signIn(email = `user-${crypto.randomUUID()}@example.com`, name?: string): Promise<SignedInClient> {
      const client = new TestClient(baseUrl);
      const since = mailbox.received.length;
      const asked = await client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/auth/callback' });
      if (asked.status !== 200) throw new Error(`Login link refused: ${asked.status} ${JSON.stringify(asked.body)}`);
      const link = linkIn(await mailbox.waitFor(email, { since }), '/auth/callback');
      const redeemed = await client.post('/api/redeemLoginLink', { token: tokenOf(link), name });
      if (redeemed.status !== 200 || client.cookies.size === 0)
        throw new Error(`Login link did not sign in (${redeemed.status} ${JSON.stringify(redeemed.body)})`);
      const me = await client.get('/api/me');
      return Object.assign(client, { email, userId: me.body.data.id as string });
    },
    /** An account owned by `owner`, with extra members in the given roles. */
    async createAccount(ownerId: string, name = 'Test workspace', members: Array<{ userId: string; role: Role }> = []) {
      const account = await createAccountWithOwner(database.db, { name, userId: ownerId });
      for (const member of members) await insertMember(database.db, account.id, member.userId, member.role);
      return account;
    },
    /** A new account owned by `owner` (a new user unless given) with one new user per listed role, in that order. */
    async account<const R extends ReadonlyArray<Exclude<Role, 'owner'>> = []>(
      options: { name?: string; owner?: SignedInClient; roles?: R } = {},
    ) {
      const roles: ReadonlyArray<Role> = options.roles ?? [];
      const [owner, ...members] = await Promise.all([
        options.owner ?? createSignedInUser(deps.auth, baseUrl),
        ...roles.map(() => createSignedInUser(deps.auth, baseUrl)),
      ]);
      const name = options.name ?? 'Test workspace';
      const account = await createAccountWithOwner(database.db, { name, userId: owner!.userId });
      for (const [i, member] of members.entries())
        await insertMember(database.db, account.id, member.userId, roles[i]!);
      return { id: account.id, name, owner: owner!, members: members as { -readonly [K in keyof R]: SignedInClient } };
    },
    async close() {
      await deps.realtime.close();
      await deps.collaboration.close();
      await server.close(1000);
      await deps.searchIndexer.stop();
      await jobs.stop();
      deps.mailer.close();
      await drop();
      await mailbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The same server twice: reached over http, and behind an https address (as behind a TLS proxy). */
export function startOverHttpAndHttps(): Promise<[plain: TestServer, secure: TestServer]> {
  return Promise.all([startTestServer(), startTestServer({ env: { BASE_URL: 'https://lore.example.com' } })]);
}
