import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { readVectorStorage } from '../data/search-vector-ranking';
import { createItem } from '../test/knowledge-factory';
import { STAND_IN_DIMENSIONS, startModelStandIn } from '../test/model-stand-in';
import { testEngine } from '../test/test-database';
import { startTestServer } from '../test/test-server';
import { openDatabase } from './client';
import { copyToPostgres } from './copy-to-postgres';
import { migrateToLatest } from './migrate';
import { runOnOwnConnection } from './postgres-direct';
import type { DB } from './schema';

const adminUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];
const databases: string[] = [];

const admin = (statement: string) => runOnOwnConnection(adminUrl!, statement);

/** A new, empty PostgreSQL database on the test server. */
async function emptyDatabase() {
  const name = `lore_move_${crypto.randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  databases.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const name of databases) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

// Needs a PostgreSQL server: runs with the PostgreSQL tests.
describe.skipIf(testEngine !== 'postgres')('moving from PGlite to PostgreSQL', () => {
  it('copies every table, rebuilds what triggers keep, and Lore goes on where it was', async () => {
    // A PGlite data folder with a workspace, tagged items and a star, written through Lore.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-move-'));
    folders.push(folder);
    const embedded = await openDatabase({ dataDir: folder });
    await migrateToLatest(embedded.db);
    const before = await startTestServer({ database: embedded });
    const { id: accountId, owner } = await before.account({ name: 'Moving' });
    for (let i = 0; i < 25; i++)
      await createItem(owner, accountId, {
        title: `Runbook ${i}`,
        content: `<h2>Steps</h2><p>Restart the ${i % 2 ? 'queue' : 'cache'} server.</p>`,
        tags: i % 3 ? ['ops'] : ['ops', 'db'],
      });
    const list = async (client: typeof owner, query = '') =>
      (await client.get(`/api/accounts/${accountId}/knowledge${query}`)).body.data;
    const shown = await list(owner, '?search=queue');
    const tags = (await owner.get(`/api/accounts/${accountId}/knowledge/tags`)).body.data;
    await before.close();
    await embedded.close();

    const url = await emptyDatabase();
    const report = await copyToPostgres({ pgliteDir: folder, url });
    expect(report.tables.find((t) => t.table === 'knowledge')).toMatchObject({ rows: 25, derived: false });
    expect(report.tables.find((t) => t.table === 'knowledge_counts')!.derived).toBe(true);
    expect(report.tables.find((t) => t.table === 'search_term_counts')).toMatchObject({ derived: false });
    // The copied rows announced nothing: the change log holds what it held in PGlite, no more.
    const copiedEvents = report.tables.find((t) => t.table === 'change_events')!.rows;
    expect(copiedEvents).toBeGreaterThan(0);
    const target = new pg.Client({ connectionString: url });
    await target.connect();
    const { rows: events } = await target.query('SELECT count(*)::int AS rows FROM change_events');
    await target.end();
    expect(events[0].rows).toBe(copiedEvents);

    const moved = await openDatabase({ url });
    const after = await startTestServer({ database: moved });
    try {
      const again = await after.anotherSession({ email: owner.email, userId: owner.userId });
      expect(await list(again, '?search=queue')).toEqual(shown);
      expect((await again.get(`/api/accounts/${accountId}/knowledge/tags`)).body.data).toEqual(tags);
      // New rows follow the copied ones.
      const created = await createItem(again, accountId, { title: 'After the move' });
      expect(created.title).toBe('After the move');
      expect((await again.get(`/api/accounts/${accountId}/knowledge/count`)).body.data).toEqual({ count: 26 });
    } finally {
      await after.close();
      await moved.close();
    }
    // Two Lore servers, 25 items written and a whole database copied: more than one request's time.
  }, 120_000);

  it('moves passage vectors from PGlite’s halfvec to a PostgreSQL without pgvector as real[]', async () => {
    const standIn = await startModelStandIn();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-move-'));
    folders.push(folder);
    const embedded = await openDatabase({ dataDir: folder });
    await migrateToLatest(embedded.db);
    const before = await startTestServer({
      database: embedded,
      env: { AI_BASE_URL: standIn.baseUrl, AI_EMBEDDING_MODEL: 'stand-in' },
    });
    const { id: accountId, owner } = await before.account({ name: 'Vectors' });
    await createItem(owner, accountId, { title: 'Holidays', content: '<h2>Days</h2><p>25 a year.</p>' });
    await before.jobs.runUntilIdle();
    const readVectors = (db: Kysely<DB>) =>
      sql<{ passage_id: string; embedding: number[] }>`
        SELECT passage_id::text, embedding::real[] AS embedding FROM search_vectors ORDER BY passage_id`
        .execute(db)
        .then(({ rows }) => rows);
    const vectors = await readVectors(embedded.db);
    expect(vectors).toHaveLength(1);
    await before.close();
    await embedded.close();
    await standIn.close();

    const url = await emptyDatabase();
    await copyToPostgres({ pgliteDir: folder, url });
    const moved = await openDatabase({ url });
    try {
      const { rows } = await sql<{ available: boolean }>`
        SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available`.execute(moved.db);
      // With pgvector on the server both are halfvec, and copied as they are.
      expect((await readVectorStorage(moved.db, STAND_IN_DIMENSIONS)).pgvector).toBe(rows[0]!.available);
      expect(await readVectors(moved.db)).toEqual(vectors);
    } finally {
      await moved.close();
    }
  }, 120_000);

  it('refuses a database that is not empty, and leaves it as it was', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-move-'));
    folders.push(folder);
    const embedded = await openDatabase({ dataDir: folder });
    await embedded.close();
    const url = await emptyDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE TABLE keep_me (id int)');
    await expect(copyToPostgres({ pgliteDir: folder, url })).rejects.toThrow(/not empty/);
    const { rows } = await client.query(`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`);
    await client.end();
    expect(rows[0].tables).toBe(1);
  }, 120_000);
});
