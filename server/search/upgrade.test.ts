import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertOwnedWorkspace, useDatabaseBefore } from '../test/database-before';
import { migrateToLatest } from '../db/migrate';
import { keywordSearch } from './keyword-search';
import { wholeWorkspace } from '../data/collection-access';
import { reindexInBackground } from './reindex';
import { retrieve } from './retrieve';

/** The last migration before the search index of decision 29. */
const BEFORE_THE_NEW_INDEX = '0024-knowledge-week-counts';

const database = useDatabaseBefore(BEFORE_THE_NEW_INDEX);

it('moves a database of the postings index to the new one in the background, found again item by item', async () => {
  const { db } = database;
  // Items as that version left them: indexed (analyzer 3) in search_terms, which the move drops.
  const { accountId } = await insertOwnedWorkspace(db, 'Upgraded');
  for (let i = 0; i < 8; i++) {
    await sql`
      INSERT INTO knowledge (short_id, account_id, title, content, search_version)
      VALUES (${`up${i}`}, ${accountId}, ${`Runbook ${i}`}, ${`<h2>Restart</h2><p>Restart the queue worker ${i}.</p>`}, 3)
    `.execute(db);
  }

  await migrateToLatest(db);
  const stale = await db.selectFrom('knowledge').select('id').where('search_version', '=', 0).execute();
  expect(stale).toHaveLength(8);
  expect(await retrieve(db, accountId, 'queue worker')).toEqual([]);

  const logged: Array<Record<string, unknown>> = [];
  const logger = {
    info: (details: Record<string, unknown>) => void logged.push(details),
    warn: () => {},
    error: () => {},
  };
  const reindexing = reindexInBackground(db, logger);
  expect(await reindexing.done).toBe(8);
  expect(logged[0]).toEqual({ items: 8 });

  const hits = await retrieve(db, accountId, 'queue worker restart');
  expect(hits).toHaveLength(8);
  expect(hits[0]).toMatchObject({ heading: 'Restart' });
  const search = { scope: wholeWorkspace(accountId), search: 'worker', tags: [], page: 0, sort: 'relevance' as const };
  const listed = await keywordSearch(db, search);
  expect(listed.rows).toHaveLength(8);
  // The vocabulary (rebuilt by migration 0042) is filled again: an unfinished word is completed.
  const completed = await keywordSearch(db, { ...search, search: 'runbo' });
  expect(completed.rows).toHaveLength(8);
});
