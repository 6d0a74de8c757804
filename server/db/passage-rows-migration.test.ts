import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertOwnedWorkspace, useDatabaseBefore } from '../test/database-before';
import { migrateToLatest } from './migrate';

/** The last migration before passage rows became the keys of vectors only (0050, decision 29). */
const BEFORE_PASSAGE_ROWS_FOR_VECTORS = '0049-search-account-keys';

const database = useDatabaseBefore(BEFORE_PASSAGE_ROWS_FOR_VECTORS);

it('drops the passage rows of items with no vector, and keeps every row of an item with one', async () => {
  const { db } = database;
  const { accountId } = await insertOwnedWorkspace(db, 'Passages');
  const item = async (name: string) =>
    (
      await sql<{ id: string }>`
        INSERT INTO knowledge (short_id, account_id, title, content) VALUES (${name}, ${accountId}, ${name}, '<p>x</p>')
        RETURNING id`.execute(db)
    ).rows[0]!.id;
  const [embedded, plain] = [await item('embedded'), await item('plain')];
  for (const id of [embedded, plain])
    await sql`INSERT INTO search_passages (knowledge_id, position, heading) VALUES (${id}, 0, 'One'), (${id}, 1, 'Two')`.execute(
      db,
    );
  // One of the embedded item's two passages has its vector; the job would embed the other.
  await sql`
    INSERT INTO search_vectors (passage_id, account_id, model, embedding)
    SELECT id, ${accountId}, 'model', '{0.6,0.8}'::real[] FROM search_passages WHERE knowledge_id = ${embedded} AND position = 0
  `.execute(db);

  await migrateToLatest(db);
  const left = await sql<{ knowledge_id: string; position: number }>`
    SELECT knowledge_id, position FROM search_passages ORDER BY knowledge_id, position`.execute(db);
  expect(left.rows).toEqual([
    { knowledge_id: embedded, position: 0 },
    { knowledge_id: embedded, position: 1 },
  ]);
});
