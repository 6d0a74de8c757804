import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStatementTimeout, openDatabase, withoutStatementTimeout, type Database } from './client';
import { testEngine } from '../test/test-database';

// PGlite has no time-outs (one statement at a time, in process): this is PostgreSQL's.
describe.runIf(testEngine === 'postgres')('statement time-out on PostgreSQL', () => {
  // Long enough for any trivial statement on a loaded machine (at 100 ms, a new connection's
  // first `SELECT current_setting(...)` was once cancelled beside the other tests).
  const TIMEOUT_MS = 1_000;
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL, statementTimeoutMs: TIMEOUT_MS });
  });
  afterAll(() => database.close());

  it('cancels a statement that runs past it', async () => {
    const slow = sql`SELECT pg_sleep(30)`.execute(database.db);
    await expect(slow).rejects.toSatisfy(isStatementTimeout);
    expect(await database.isReachable()).toBe(true);
  });

  it('lets migrations run as long as they need, and gives the connection its time-out back', async () => {
    await withoutStatementTimeout(database.db, (connection) =>
      sql`SELECT pg_sleep(${(TIMEOUT_MS * 1.5) / 1000})`.execute(connection),
    );
    const times = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ timeout: string }>`SELECT current_setting('statement_timeout') AS timeout`.execute(database.db),
      ),
    );
    expect(new Set(times.map((result) => result.rows[0]!.timeout))).toEqual(new Set(['1s']));
  });
});
