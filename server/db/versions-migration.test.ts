import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client';
import { migrateToLatest } from './migrate';
import { openTestDatabase } from '../test/test-database';
import { migrations } from './migrations/index';

/** The last migration before versions and revisions (0033, decision 31). */
const BEFORE_VERSIONS = '0031-import-keys-and-pdf-reading';

let database: Database;
let drop: () => Promise<void>;

/** An empty database, not migrated: PGlite in memory, or a new database on the tests' PostgreSQL. */
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase({ migrated: false }));
});
afterAll(() => drop());

it('gives items from before 0033 version 1, put down to their author only when never edited, and no revisions', async () => {
  const { db } = database;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo(BEFORE_VERSIONS)).error).toBeUndefined();
  const { userId, accountId } = await db.transaction().execute(async (trx) => {
    // A workspace has its owner from the start (a check at commit).
    const user = await sql<{ id: string }>`
      INSERT INTO users (name, email) VALUES ('Owner', 'owner@example.com') RETURNING id`.execute(trx);
    const account = await sql<{ id: string }>`INSERT INTO accounts (name) VALUES ('Kept') RETURNING id`.execute(trx);
    await sql`INSERT INTO account_members (account_id, user_id, role)
      VALUES (${account.rows[0]!.id}, ${user.rows[0]!.id}, 'owner')`.execute(trx);
    return { userId: user.rows[0]!.id, accountId: account.rows[0]!.id };
  });
  await sql`
    INSERT INTO knowledge (short_id, account_id, user_id, title, created_at, updated_at) VALUES
      ('fresh', ${accountId}, ${userId}, 'Never edited', '2026-01-01', '2026-01-01'),
      ('edited', ${accountId}, ${userId}, 'Edited by someone', '2026-01-01', '2026-02-01')
  `.execute(db);

  await migrateToLatest(db);
  const items = await db
    .selectFrom('knowledge')
    .select(['short_id', 'version', 'updated_by'])
    .orderBy('short_id')
    .execute();
  expect(items).toEqual([
    { short_id: 'edited', version: 1, updated_by: null },
    { short_id: 'fresh', version: 1, updated_by: userId },
  ]);
  expect(await db.selectFrom('knowledge_revisions').select('id').execute()).toEqual([]);
});
