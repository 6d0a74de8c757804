import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStatementTimeout, openDatabase, withoutStatementTimeout, type Database } from './client';
import { testEngine } from '../test/test-database';

// PGlite has no time-outs (one statement at a time, in process): this is PostgreSQL's.
describe.runIf(testEngine === 'postgres')('statement time-out on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL, statementTimeoutMs: 100 });
  });
  afterAll(() => database.close());

  it('cancels a statement that runs past it', async () => {
    const slow = sql`SELECT pg_sleep(1)`.execute(database.db);
    await expect(slow).rejects.toSatisfy(isStatementTimeout);
    expect(await database.isReachable()).toBe(true);
  });

  it('lets migrations run as long as they need, and gives the connection its time-out back', async () => {
    await withoutStatementTimeout(database.db, (connection) => sql`SELECT pg_sleep(0.3)`.execute(connection));
    const times = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ timeout: string }>`SELECT current_setting('statement_timeout') AS timeout`.execute(database.db),
      ),
    );
    expect(new Set(times.map((result) => result.rows[0]!.timeout))).toEqual(new Set(['100ms']));
  });
});
