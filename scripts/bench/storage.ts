/**
 * `npm run bench:storage`: what the search index costs, on the embedded database or
 * PostgreSQL (decision 29). Imports the search development set's corpus (the Python
 * docs), or the benchmarks' generated team articles (`--corpus bench`, scripts/bench/corpus.ts),
 * item by item through Lore's own save: the item, then its index by Lore's indexer. Then prints:
 * - every table and index by size, and each ÷ the text it holds (titles and the text
 *   of the items, UTF-8), beside the anchor: the same text as a stored tsvector with a
 *   GIN index, built in the same database;
 * - the whole database ÷ text (less an empty migrated database's size), the search
 *   structures ÷ text, and PGlite's folder ÷ text after a checkpoint, whole and less the
 *   empty migrated folder (its template databases and two write-ahead log segments, about
 *   40 MB, are there before the first item);
 * - a save: a new 2,000- and 20,000-character article written through Lore's save (the
 *   item's row; its indexing follows, decision 45), against the same article written as a
 *   row with a stored tsvector and GIN index, side by side (medians of alternating runs),
 *   and the ratio; what reading the item back for the create's answer adds; and how long
 *   after its save the article is indexed (found by search).
 *
 *   npm run bench:storage                              PGlite
 *   npm run bench:storage -- --engine postgres         PostgreSQL (DATABASE_URL's server, or the local one)
 *   npm run bench:storage -- --pages 100               fewer pages
 *   npm run bench:storage -- --corpus bench            10,000 of the benchmarks' articles (--items N)
 *   npm run bench:storage -- --keep                    the database is kept, to look into
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { createAccountWithOwner } from '../../server/commands/create-account';
import { findKnowledge, insertKnowledge } from '../../server/data/knowledge';
import { openDatabase, type Database } from '../../server/db/client';
import { checkpointToOneLogSegment } from '../../server/db/maintenance';
import { migrateToLatest } from '../../server/db/migrate';
import type { DB } from '../../server/db/schema';
import { createSearchIndexer } from '../../server/search/indexer';
import { splitPassages } from '../../server/search/passages';
import { PYTHON_DOCS, pythonDocPages, readPythonDocPage } from '../eval/python-docs';
import { buildVocabulary, generateItem, prng } from './corpus';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    corpus: { type: 'string', default: 'python-docs' },
    pages: { type: 'string' },
    items: { type: 'string', default: '10000' },
    saves: { type: 'string', default: '15' },
    keep: { type: 'boolean', default: false },
  },
});
if (!['python-docs', 'bench'].includes(args.corpus)) throw new Error('--corpus is python-docs or bench');
if (!fs.existsSync(PYTHON_DOCS)) throw new Error(`Needs the corpus in ${PYTHON_DOCS}: apt-get install -y python3-doc`);

/** The items to import: the Python docs' pages, or the benchmarks' articles (the same every run). */
function* corpusItems(): Generator<{ title: string; content: string; tags: string[] }> {
  if (args.corpus === 'python-docs') {
    for (const page of pythonDocPages().slice(0, args.pages ? Number(args.pages) : undefined)) {
      yield { ...readPythonDocPage(page.file), tags: [] };
    }
    return;
  }
  const random = prng('storage');
  const vocabulary = buildVocabulary();
  for (let i = 0; i < Number(args.items); i++) yield generateItem(random, vocabulary, `s${i.toString(36)}`);
}

/** The tables that make up search, beside the items themselves. */
const SEARCH_TABLES = ['search_items', 'search_term_counts', 'search_totals', 'search_passages', 'search_vectors'];

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const folderBytes = (dir: string) => Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);

/** A fresh database of the engine asked for, and how to drop it. */
async function open(): Promise<{ database: Database; name: string; dataDir?: string; drop: () => Promise<void> }> {
  if (args.engine === 'postgres') {
    const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `lore_storage_${Date.now()}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    return {
      database,
      name,
      drop: async () => {
        await database.close();
        await admin(`DROP DATABASE ${name} WITH (FORCE)`);
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-storage-'));
  const database = await openDatabase({ dataDir });
  return {
    database,
    name: dataDir,
    dataDir,
    drop: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every table's and index's size, largest first. */
async function relationSizes(db: Kysely<DB>) {
  const result = await sql<{ name: string; table: string; bytes: string }>`
    SELECT c.relname AS name, coalesce(t.relname, c.relname) AS table,
      CASE WHEN c.relkind = 'r' THEN pg_table_size(c.oid) ELSE pg_relation_size(c.oid) END AS bytes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_index x ON x.indexrelid = c.oid LEFT JOIN pg_class t ON t.oid = x.indrelid
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')
    ORDER BY 3 DESC`.execute(db);
  return result.rows.map((row) => ({ ...row, bytes: Number(row.bytes) }));
}

const databaseBytes = async (db: Kysely<DB>) =>
  Number(
    (await sql<{ bytes: string }>`SELECT pg_database_size(current_database()) AS bytes`.execute(db)).rows[0]!.bytes,
  );

const { database, name, dataDir, drop } = await open();
const { db } = database;
try {
  await migrateToLatest(db);
  // As Lore's maintenance leaves the embedded database after large writes.
  const checkpoint = () => (dataDir ? checkpointToOneLogSegment(db) : sql`CHECKPOINT`.execute(db));
  await checkpoint();
  const empty = await databaseBytes(db);
  const emptyFolder = dataDir ? folderBytes(dataDir) : undefined;
  const user = await db
    .insertInto('users')
    .values({ name: 'Bench', email: 'bench@lore.local', email_verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await createAccountWithOwner(db, { name: args.corpus, userId: user.id });

  // Lore's indexer, as a save hands it the item (decision 45), with its upkeep of the index's tables.
  const indexer = createSearchIndexer({ db, logger: pino({ level: 'silent' }) });
  /** Imports an item: the row, then its index. Answers its text's bytes (title, tags, headings and text). */
  const save = async (title: string, content: string, tags: string[]) => {
    const { id } = await insertKnowledge(db, { accountId: account.id, userId: user.id, title, content, tags });
    indexer.indexSoon({ id, account_id: account.id });
    await indexer.idle();
    const text = [title, ...tags, ...splitPassages(content).flatMap((p) => [p.heading, p.text])].join('\n');
    return Buffer.byteLength(text);
  };

  const started = performance.now();
  let textBytes = 0;
  let itemCount = 0;
  for (const { title, content, tags } of corpusItems()) {
    textBytes += await save(title, content, tags);
    itemCount++;
  }
  const importSeconds = (performance.now() - started) / 1000;

  // Lore's own database, before the anchor is built beside it.
  await sql`VACUUM ANALYZE`.execute(db);
  await checkpoint();
  const total = await databaseBytes(db);
  const folder = dataDir ? folderBytes(dataDir) : undefined;

  // The anchor: the same items' text as a stored tsvector with a GIN index.
  await sql`CREATE TABLE anchor_fulltext (id uuid PRIMARY KEY, title text, content text, vector tsvector)`.execute(db);
  await sql`CREATE INDEX anchor_fulltext_vector_idx ON anchor_fulltext USING gin (vector)`.execute(db);
  const anchorRow = (title: string, content: string) => sql`
    INSERT INTO anchor_fulltext VALUES (gen_random_uuid(), ${title}, ${content},
      setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${content}), 'B'))`;
  await sql`
    INSERT INTO anchor_fulltext SELECT gen_random_uuid(), NULL, NULL,
      setweight(to_tsvector('english', title || ' ' || array_to_string(tags, ' ')), 'A')
        || setweight(to_tsvector('english', content), 'B')
    FROM knowledge`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  await sql`CHECKPOINT`.execute(db);

  const sizes = await relationSizes(db);
  const sumOf = (tables: string[]) => sizes.filter((s) => tables.includes(s.table)).reduce((n, s) => n + s.bytes, 0);
  const ratio = (bytes: number) => `${(bytes / textBytes).toFixed(2)}×`;
  console.log(
    `\n${itemCount} items (${args.corpus}), ${mb(textBytes)} of text, imported in ${importSeconds.toFixed(1)} s on ${database.engine}.\n`,
  );
  console.log('relation                                      table                        size     ÷ text');
  for (const s of sizes.filter((row) => row.bytes >= 64 * 1024)) {
    console.log(`${s.name.padEnd(45)} ${s.table.padEnd(24)} ${mb(s.bytes).padStart(10)} ${ratio(s.bytes).padStart(9)}`);
  }
  const anchor = sumOf(['anchor_fulltext']);
  const search = sumOf(SEARCH_TABLES);
  console.log('');
  console.log(
    `search structures (${SEARCH_TABLES.length} tables and their indexes)  ${mb(search).padStart(10)} ${ratio(search)}`,
  );
  console.log(`anchor: tsvector + GIN over the same text          ${mb(anchor).padStart(10)} ${ratio(anchor)}`);
  console.log(
    `whole database, less an empty one (${mb(empty)})     ${mb(total - empty).padStart(10)} ${ratio(total - empty)}`,
  );
  if (folder !== undefined && emptyFolder !== undefined) {
    console.log(`PGlite's folder after a checkpoint                  ${mb(folder).padStart(10)} ${ratio(folder)}`);
    console.log(
      `PGlite's folder, less an empty one (${mb(emptyFolder)})  ${mb(folder - emptyFolder).padStart(10)} ${ratio(folder - emptyFolder)}`,
    );
  }

  const budget = (name: string, value: number, most: number) =>
    console.log(`budget: ${name} ≤ ${most}×: ${value.toFixed(2)}× ${value <= most ? 'met' : 'NOT MET'}`);
  console.log('');
  budget('search structures ÷ text', search / textBytes, 1.5);
  if (database.engine === 'postgres') budget('whole database ÷ text', (total - empty) / textBytes, 3);
  if (folder !== undefined && emptyFolder !== undefined)
    budget("PGlite's folder, less an empty one, ÷ text", (folder - emptyFolder) / textBytes, 4);

  // A save, side by side with the anchor's row: alternating, medians. The save is what a
  // request waits for; its indexing follows, timed from the save's start to its index's commit.
  const paragraph = readPythonDocPage(path.join(PYTHON_DOCS, 'library/functools.html')).content;
  for (const chars of [2_000, 20_000]) {
    const html = `<p>${paragraph
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .slice(0, chars)}</p>`;
    const [written, readBack, indexed, row] = [[], [], [], []] as [number[], number[], number[], number[]];
    for (let i = 0; i < Number(args.saves); i++) {
      let from = performance.now();
      const { id } = await insertKnowledge(db, {
        accountId: account.id,
        userId: user.id,
        title: `Article ${chars} ${i}`,
        content: html,
        tags: [],
      });
      written.push(performance.now() - from);
      const read = performance.now();
      await findKnowledge(db, account.id, { id });
      readBack.push(performance.now() - read);
      indexer.indexSoon({ id, account_id: account.id });
      await indexer.idle();
      indexed.push(performance.now() - from);
      from = performance.now();
      await anchorRow(`Article ${chars} ${i}`, html).execute(db);
      row.push(performance.now() - from);
    }
    const [write, anchorWrite, withRead] = [median(written), median(row), median(written) + median(readBack)];
    const size = chars.toLocaleString('en');
    console.log(
      `save of ${size} characters (p50 of ${args.saves}): Lore's write ${write.toFixed(1)} ms, the tsvector row ${anchorWrite.toFixed(1)} ms; ` +
        `reading the item back for the create's answer ${median(readBack).toFixed(1)} ms more (${(withRead / anchorWrite).toFixed(1)}× with it)`,
    );
    budget(`a save's write of ${size} characters ÷ the tsvector row's`, write / anchorWrite, 2);
    console.log(
      `  indexed ${median(indexed).toFixed(1)} ms after its save began (p50; slowest ${Math.max(...indexed).toFixed(1)} ms)`,
    );
  }
} finally {
  if (args.keep) {
    await database.close();
    console.log(`\nKept: ${name} (drop it when done).`);
  } else await drop();
}
