import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertOwnedWorkspace, useDatabaseBefore } from '../test/database-before';
import { accountKey } from '../data/search-index';
import { migrateToLatest } from './migrate';

/** The last migration before words written as their term became a mark on the term (0047, decision 46). */
const BEFORE_WRITTEN_TERMS = '0046-index-requests';

const database = useDatabaseBefore(BEFORE_WRITTEN_TERMS);

it('moves the words written as their term from the vocabulary to a mark on the term, keeping every count', async () => {
  const { db } = database;
  const { accountId } = await insertOwnedWorkspace(db, 'Kept');
  await sql`
    INSERT INTO search_term_counts (account_id, term, items, passages, outlines) VALUES
      (${accountId}, 'python', 3, 5, 1), (${accountId}, 'run', 2, 2, 0), (${accountId}, 'configur', 1, 1, 0),
      (${accountId}, '^element', 1, 1, 0)
  `.execute(db);
  await sql`
    INSERT INTO search_vocabulary (account_id, word, term) VALUES
      (${accountId}, 'python', 'python'), (${accountId}, 'run', 'run'), (${accountId}, 'running', 'run'),
      (${accountId}, 'configure', 'configur'), (${accountId}, 'gone', 'gone');
  `.execute(db);

  await migrateToLatest(db);
  // The words written otherwise are their term's forms now (migration 0051). A word whose term no item had
  // any more ("gone") was never offered: it goes.
  const counts = await sql`
    SELECT term, written, items, passages, outlines, forms FROM search_term_counts WHERE account_key = ${accountKey(accountId)} ORDER BY term
  `.execute(db);
  expect(counts.rows).toEqual([
    { term: '^element', written: false, items: 1, passages: 1, outlines: 0, forms: null },
    { term: 'configur', written: false, items: 1, passages: 1, outlines: 0, forms: 'configure' },
    { term: 'python', written: true, items: 3, passages: 5, outlines: 1, forms: null },
    { term: 'run', written: true, items: 2, passages: 2, outlines: 0, forms: 'running' },
  ]);
  // Both still go with their workspace.
  await db.deleteFrom('accounts').where('id', '=', accountId).execute();
  const left = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM search_term_counts
  `.execute(db);
  expect(left.rows[0]!.n).toBe(0);
});
