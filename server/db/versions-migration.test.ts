import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertOwnedWorkspace, useDatabaseBefore } from '../test/database-before';
import { migrateToLatest } from './migrate';

/** The last migration before versions and revisions (0033, decision 31). */
const BEFORE_VERSIONS = '0031-import-keys-and-pdf-reading';

const database = useDatabaseBefore(BEFORE_VERSIONS);

it('gives items from before 0033 version 1, put down to their author only when never edited, and no revisions', async () => {
  const { db } = database;
  const { ownerId: userId, accountId } = await insertOwnedWorkspace(db, 'Kept');
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
