import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations/index';
import { openTestDatabase } from '../test/test-database';
import { keywordSearch } from './keyword-search';
import { wholeWorkspace } from '../data/collection-access';
import { reindexInBackground } from './reindex';
import { retrieve } from './retrieve';

/** The last migration before the search index of decision 29. */
const BEFORE_THE_NEW_INDEX = '0024-knowledge-week-counts';

let database: Database;
let drop: () => Promise<void>;

/** An empty database, not migrated: PGlite in memory, or a new database on the tests' PostgreSQL. */
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase({ migrated: false }));
});
afterAll(() => drop());

it('moves a database of the postings index to the new one in the background, found again item by item', async () => {
  const { db } = database;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo(BEFORE_THE_NEW_INDEX);
  expect(before.error).toBeUndefined();
  // Items as that version left them: indexed (analyzer 3) in search_terms, which the move drops.
  const accountId = await db.transaction().execute(async (trx) => {
    // A workspace has its owner from the start (a check at commit).
    const user = await sql<{ id: string }>`
      INSERT INTO users (name, email) VALUES ('Owner', 'owner@example.com') RETURNING id`.execute(trx);
    const account = await sql<{ id: string }>`INSERT INTO accounts (name) VALUES ('Upgraded') RETURNING id`.execute(
      trx,
    );
    await sql`INSERT INTO account_members (account_id, user_id, role)
      VALUES (${account.rows[0]!.id}, ${user.rows[0]!.id}, 'owner')`.execute(trx);
    return account.rows[0]!.id;
  });
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
  const logger = { info: (details: Record<string, unknown>) => void logged.push(details), error: () => {} };
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
