import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type SignedInClient, type TestServer } from '../test/test-server';
import { openTestDatabase, testEngine } from '../test/test-database';
import { admit, asRequest, DATABASE_BUSY_MESSAGE, DatabaseBusyError, QUEUE_LIMITS } from './admission';
import { openDatabase, type Database } from './client';
import { migrateToLatest } from './migrate';

/**
 * Load shedding: with every connection of the database taken (as by slow work), new
 * requests queue up to a bound and the rest are answered 503 at once, never waiting
 * behind the queue; once the database is free the queued ones are answered and new
 * ones are let in again. The bound is small here (8 requests, and no bound on the wait,
 * which the unit test covers) so that a test can pass it.
 */
const MAX_REQUESTS_HERE = 8;
const CONNECTIONS = { pglite: 1, postgres: 10 }[testEngine];

let lore: TestServer;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await openTestDatabase();
  if (testEngine === 'pglite') {
    // The same migrated database, opened again with the small bound: a copy of its data folder.
    const loadDataDir = await fresh.database.dumpDataDir!();
    await fresh.drop();
    database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir,
      queueLimits: { maxRequests: MAX_REQUESTS_HERE, maxWaitMs: Infinity },
    });
    await migrateToLatest(database.db);
    drop = () => database.close();
  } else {
    await fresh.database.close();
    database = await openDatabase({
      url: fresh.url,
      queueLimits: { maxRequests: MAX_REQUESTS_HERE, maxWaitMs: Infinity },
    });
    drop = async () => {
      await database.close();
      await fresh.drop();
    };
  }
  lore = await startTestServer({ database });
});
afterAll(async () => {
  await lore?.close();
  await drop?.();
});

/** Takes every connection of the pool until the answer is called, as long-running work would. */
async function holdEveryConnection() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  const holders = Array.from({ length: CONNECTIONS }, () =>
    database.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      held++;
      await released;
    }),
  );
  await expect.poll(() => held).toBe(CONNECTIONS);
  return async () => {
    release();
    await Promise.all(holders);
  };
}

describe(`load shedding on ${testEngine}`, () => {
  it('turns a request away when too many use the database, or when the last query granted waited too long', async () => {
    const limits = { maxRequests: 2, maxWaitMs: 1000 };
    const queue = { requests: 0, waiting: 0, lastWaitMs: 0 };
    const firstQuery = () => asRequest(async () => admit(queue, limits));
    await firstQuery();
    // A request gives its place back when it ends.
    expect(queue.requests).toBe(0);
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const long = asRequest(async () => {
      admit(queue, limits);
      // Its later queries always queue, however full.
      admit({ ...queue, waiting: 100, lastWaitMs: 100_000 }, limits);
      await ended;
    });
    const second = asRequest(async () => {
      admit(queue, limits);
      await ended;
    });
    expect(queue.requests).toBe(2);
    await expect(firstQuery()).rejects.toThrow(DatabaseBusyError);
    end();
    await Promise.all([long, second]);
    await firstQuery();
    Object.assign(queue, { waiting: 1, lastWaitMs: 1001 });
    await expect(firstQuery()).rejects.toThrow(DatabaseBusyError);
    // An empty queue lets in, however long the last wait was: that is how the wait comes down again.
    Object.assign(queue, { waiting: 0, lastWaitMs: 5000 });
    await firstQuery();
    // Work outside requests always queues.
    expect(() => admit({ requests: 100, waiting: 100, lastWaitMs: 100_000 }, limits)).not.toThrow();
    // A stream's queries after its request has answered (its first among them) are neither counted
    // nor refused: nothing would give the place back, and every later request was turned away.
    Object.assign(queue, { requests: 0, waiting: 0, lastWaitMs: 0 });
    const full = { requests: 100, waiting: 100, lastWaitMs: 100_000 };
    let streamQueries!: Promise<void>;
    await asRequest(async () => {
      // Run in the request's context, once it has answered.
      streamQueries = new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            admit(queue, limits);
            admit(full, limits);
            resolve();
          } catch (error) {
            reject(error);
          }
        }),
      );
    });
    await streamQueries;
    expect(queue.requests).toBe(0);
    expect(QUEUE_LIMITS.pglite.maxRequests).toBeLessThan(QUEUE_LIMITS.postgres.maxRequests);
  });

  it('answers requests past the bound 503 at once with a message and Retry-After, and recovers', async () => {
    const { id, owner } = await lore.account();
    const item = await owner.post(`/api/accounts/${id}/knowledge`, { title: 'Busy', content: '<p>x</p>' });
    expect(item.status).toBe(201);
    const read = (client: SignedInClient) => client.get(`/api/accounts/${id}/knowledge/${item.body.data.short_id}`);
    expect((await read(owner)).status).toBe(200);

    const release = await holdEveryConnection();
    const answered: number[] = [];
    const requests = Array.from({ length: MAX_REQUESTS_HERE * 3 }, () =>
      read(owner).then((response) => {
        answered.push(response.status);
        return response;
      }),
    );
    // The refused are answered while the database is still taken: they did not wait for it. The
    // first MAX_REQUESTS_HERE wait for it, every other is refused.
    await expect.poll(() => answered.length).toBe(MAX_REQUESTS_HERE * 2);
    expect(answered.every((status) => status === 503)).toBe(true);
    await release();
    const responses = await Promise.all(requests);

    const busy = responses.filter((response) => response.status === 503);
    const served = responses.filter((response) => response.status === 200);
    expect([busy.length, served.length]).toEqual([MAX_REQUESTS_HERE * 2, MAX_REQUESTS_HERE]);
    for (const response of busy) {
      expect(response.body).toEqual({ error: DATABASE_BUSY_MESSAGE, code: 'busy' });
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    // Free again: everyone is let in.
    const after = await Promise.all(Array.from({ length: MAX_REQUESTS_HERE }, () => read(owner)));
    expect(after.map((response) => response.status)).toEqual(after.map(() => 200));
  });

  it('never refuses work outside a request, nor the health check', async () => {
    const release = await holdEveryConnection();
    // Outside any request: queued however long the queue, never refused.
    const background = Array.from({ length: MAX_REQUESTS_HERE * 2 }, () => sql`select 1`.execute(database.db));
    const health = fetch(new URL('/api/health', lore.baseUrl));
    await release();
    await Promise.all(background);
    expect((await health).status).toBe(200);
  });
});
