import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertOwnedWorkspaces, useDatabaseBefore } from '../test/database-before';
import { migrateToLatest } from './migrate';

/** The last migration before collections (0035, decision 35). */
const BEFORE_COLLECTIONS = '0033-knowledge-revisions';

const database = useDatabaseBefore(BEFORE_COLLECTIONS);

it('gives each existing workspace one open collection holding its items at the top, newest first', async () => {
  const { db } = database;
  const { ownerId, accountIds: accounts } = await insertOwnedWorkspaces(db, ['Kept', 'Also kept', 'Empty']);
  await sql`
    INSERT INTO knowledge (short_id, account_id, user_id, title, created_at, updated_at) VALUES
      ('old', ${accounts[0]}, ${ownerId}, 'Old', '2026-01-01', '2026-01-01'),
      ('newer', ${accounts[0]}, ${ownerId}, 'Newer', '2026-01-01', '2026-03-01'),
      ('middle', ${accounts[0]}, ${ownerId}, 'Middle', '2026-01-01', '2026-02-01'),
      ('theirs', ${accounts[1]}, ${ownerId}, 'Theirs', '2026-01-01', '2026-01-01')
  `.execute(db);

  await migrateToLatest(db);
  const collections = await db
    .selectFrom('collections')
    .select(['id', 'account_id', 'name', 'restricted', 'position'])
    .execute();
  expect(collections.map((c) => c.account_id).sort()).toEqual([...accounts].sort());
  expect(collections.every((c) => c.name === 'General' && !c.restricted && c.position === 0)).toBe(true);
  const collectionOf = new Map(collections.map((c) => [c.account_id, c.id]));
  const items = await db
    .selectFrom('knowledge')
    .select(['short_id', 'account_id', 'collection_id', 'parent_id', 'position'])
    .orderBy('account_id')
    .orderBy('position')
    .execute();
  expect(items.every((item) => item.collection_id === collectionOf.get(item.account_id))).toBe(true);
  expect(items.every((item) => item.parent_id === null)).toBe(true);
  expect(items.filter((item) => item.account_id === accounts[0]).map((item) => [item.short_id, item.position])).toEqual(
    [
      ['newer', 0],
      ['middle', 1],
      ['old', 2],
    ],
  );

  // A workspace made after it starts with its own, and an item stored without one lands there, after the rest.
  const fresh = await db.transaction().execute(async (trx) => {
    const made = await sql<{ id: string }>`INSERT INTO accounts (name) VALUES ('New') RETURNING id`.execute(trx);
    await sql`INSERT INTO account_members (account_id, user_id, role)
      SELECT ${made.rows[0]!.id}, id, 'owner' FROM users LIMIT 1`.execute(trx);
    return made.rows[0]!.id;
  });
  const [first] = await db.selectFrom('collections').select('id').where('account_id', '=', fresh).execute();
  expect(first).toBeDefined();
  const added = await sql<{ collection_id: string; position: number }>`
    INSERT INTO knowledge (short_id, account_id, title) VALUES ('added', ${accounts[0]}, 'Added')
    RETURNING collection_id, position`.execute(db);
  expect(added.rows[0]).toEqual({ collection_id: collectionOf.get(accounts[0]!), position: 3 });
  // An item's collection must be of its own workspace.
  await expect(
    sql`UPDATE knowledge SET collection_id = ${collectionOf.get(accounts[1]!)} WHERE short_id = 'old'`.execute(db),
  ).rejects.toThrow(/knowledge_collection_fk/);
});
