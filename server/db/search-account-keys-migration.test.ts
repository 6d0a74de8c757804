import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertOwnedWorkspaces, useDatabaseBefore } from '../test/database-before';
import { migrateToLatest } from './migrate';

/** The last migration before the search statistics were keyed by a workspace's small number (0049, decision 29). */
const BEFORE_ACCOUNT_KEYS = '0048-passages-as-places';

const database = useDatabaseBefore(BEFORE_ACCOUNT_KEYS);

it('keys each workspace’s term counts and words by its new search key, keeping every row, and still drops them with it', async () => {
  const { db } = database;
  const { ownerId, accountIds } = await insertOwnedWorkspaces(db, ['Kept', 'Other']);
  const [kept, other] = accountIds as [string, string];
  await sql`
    INSERT INTO search_term_counts (account_id, term, written, items, passages, outlines) VALUES
      (${kept}, 'python', true, 3, 5, 1), (${kept}, 'run', true, 2, 2, 0), (${other}, 'python', false, 1, 1, 0)
  `.execute(db);
  await sql`
    INSERT INTO search_vocabulary (account_id, word, term) VALUES (${kept}, 'running', 'run'), (${other}, 'pythons', 'python')
  `.execute(db);

  await migrateToLatest(db);
  const rows = async () => ({
    counts: (
      await sql<{ name: string }>`
        SELECT a.name, c.term, c.written, c.items, c.passages, c.outlines
        FROM search_term_counts c JOIN accounts a ON a.search_key = c.account_key ORDER BY a.name, c.term`.execute(db)
    ).rows,
    // Since migration 0051, the words written otherwise are their term's forms.
    words: (
      await sql<{ name: string }>`
        SELECT a.name, c.forms AS word, c.term
        FROM search_term_counts c JOIN accounts a ON a.search_key = c.account_key WHERE c.forms IS NOT NULL
        ORDER BY a.name, c.forms`.execute(db)
    ).rows,
  });
  expect(await rows()).toEqual({
    counts: [
      { name: 'Kept', term: 'python', written: true, items: 3, passages: 5, outlines: 1 },
      { name: 'Kept', term: 'run', written: true, items: 2, passages: 2, outlines: 0 },
      { name: 'Other', term: 'python', written: false, items: 1, passages: 1, outlines: 0 },
    ],
    words: [
      { name: 'Kept', word: 'running', term: 'run' },
      { name: 'Other', word: 'pythons', term: 'python' },
    ],
  });
  // A workspace made after the migration has a key of its own.
  await db.transaction().execute(async (trx) => {
    const made = await sql<{ id: string }>`INSERT INTO accounts (name) VALUES ('Newer') RETURNING id`.execute(trx);
    await sql`INSERT INTO account_members (account_id, user_id, role)
      VALUES (${made.rows[0]!.id}, ${ownerId}, 'owner')`.execute(trx);
  });
  const keys = await sql<{ search_key: number }>`SELECT search_key FROM accounts`.execute(db);
  expect(keys.rows).toHaveLength(3);
  expect(new Set(keys.rows.map((row) => row.search_key)).size).toBe(3);
  expect(keys.rows.every((row) => Number.isInteger(row.search_key))).toBe(true);

  await db.deleteFrom('accounts').where('id', '=', other).execute();
  const left = await rows();
  expect(left.counts.map((row) => row.name)).toEqual(['Kept', 'Kept']);
  expect(left.words.map((row) => row.name)).toEqual(['Kept']);
});
