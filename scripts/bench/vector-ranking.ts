/**
 * The ranking by meaning's part of `npm run bench:ai-search` (decision 30): how long
 * rankByVector takes at each number of passages, on PGlite with pgvector (HNSW over
 * halfvec; before the index is built, pgvector's exact scan, which is also the
 * reference for the index's recall) and on the PostgreSQL of DATABASE_URL as it is
 * (on this machine without pgvector: real[] and an exact scan in SQL, timed without
 * its budget, then with it, when the question goes to words). And what vectors cost
 * in bytes per passage, table and indexes.
 *
 * Vectors are generated in SQL around seeded cluster centres (real models' vectors
 * cluster by topic; uniform noise would be the worst case for HNSW), five passages
 * an item; questions are centres with noise, unit length.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createAccountWithOwner } from '../../server/commands/create-account';
import {
  createVectorIndex,
  rankByVector,
  readVectorStorage,
  vectorIndexName,
} from '../../server/data/search-vector-ranking';
import { openDatabase, withoutStatementTimeout, type Database } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { runOnOwnConnection } from '../../server/db/postgres-direct';
import type { DB } from '../../server/db/schema';
import { unitVector } from '../../server/search/embed';
import { prng, seconds } from './corpus';

const PASSAGES_PER_ITEM = 5;
const CENTRES = 200;
/** Items asked for beside the nearest, as retrieve() asks for the words' items. */
const WORD_ITEMS = 50;
/** How deep retrieve() reads the ranking by meaning. */
const DEPTH = 50;
const BUDGET_P95_MS = 50;
const MODEL = 'bench-model';

export interface VectorBenchOptions {
  sizes: number[];
  dimensions: number;
  questions: number;
  runs: number;
  /** The PostgreSQL server's admin URL (a database is created on it and dropped). */
  adminUrl: string;
  /** Which databases to measure (both by default). */
  engines: Array<'postgres' | 'pglite'>;
}

interface Row {
  engine: string;
  passages: number;
  method: string;
  samples: number[];
  recall?: number;
  note?: string;
}

const percentile = (samples: number[], share: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
};
const format = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

/** Keeps a measure for the table, and prints it at once (the largest sizes take long). */
function record(rows: Row[], row: Row) {
  rows.push(row);
  const recall = row.recall === undefined ? '' : `, recall@10 ${row.recall.toFixed(3)}`;
  console.log(
    `  ${row.engine}, ${row.passages.toLocaleString('en')} passages, ${row.method}: p50 ${format(percentile(row.samples, 0.5))} ms, p95 ${format(percentile(row.samples, 0.95))} ms${recall}${row.note ? ` (${row.note})` : ''}`,
  );
}

/** Runs the part and prints its tables; answers whether the p95 budget was met at the largest size with pgvector. */
export async function benchVectorRanking(options: VectorBenchOptions): Promise<boolean> {
  const random = prng('vectors');
  const centres = Array.from({ length: CENTRES }, () =>
    Array.from({ length: options.dimensions }, () => random() - 0.5),
  );
  const questions = Array.from({ length: options.questions }, (_, i) =>
    unitVector(centres[(i * 37) % CENTRES]!.map((value) => value + (random() - 0.5) * 0.3)),
  );
  const rows: Row[] = [];
  const sizes: Array<{ engine: string; bytes: string }> = [];

  console.log(
    `\nRanking by meaning: ${options.dimensions} dimensions, ${PASSAGES_PER_ITEM} passages an item, ${questions.length} questions; loading...`,
  );
  if (options.engines.includes('postgres')) await benchPostgres(options, centres, questions, rows, sizes);
  if (options.engines.includes('pglite')) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-bench-vectors-'));
    const pglite = await openDatabase({ dataDir: folder });
    try {
      await benchEngine('PGlite + pgvector', pglite, options, centres, questions, rows, sizes);
    } finally {
      await pglite.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  console.log(
    `\nRanking by meaning (rankByVector, ${DEPTH} items, ${WORD_ITEMS} words' items scored too), milliseconds:\n`,
  );
  const header = ['engine', 'passages', 'method', 'p50', 'p95', 'recall@10', ''];
  const table = rows.map((row) => [
    row.engine,
    row.passages.toLocaleString('en'),
    row.method,
    format(percentile(row.samples, 0.5)),
    format(percentile(row.samples, 0.95)),
    row.recall === undefined ? '' : row.recall.toFixed(3),
    row.note ?? '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...table.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const cells of table) console.log(line(cells));
  console.log('\nVectors in bytes per passage (table with its TOAST; HNSW index; the other indexes):');
  for (const { engine, bytes } of sizes) console.log(`  ${engine}: ${bytes}`);

  const largest = Math.max(...options.sizes);
  const hnsw = rows.find((row) => row.passages === largest && row.method === 'HNSW');
  if (!hnsw) return true;
  const p95 = percentile(hnsw.samples, 0.95);
  console.log(
    `\nHNSW p95 at ${largest.toLocaleString('en')} passages: ${format(p95)} ms, budget ≤ ${BUDGET_P95_MS}: ${p95 <= BUDGET_P95_MS ? 'PASS' : 'FAIL'}`,
  );
  return p95 <= BUDGET_P95_MS;
}

async function benchEngine(
  engine: string,
  database: Database,
  options: VectorBenchOptions,
  centres: number[][],
  questions: number[][],
  rows: Row[],
  sizes: Array<{ engine: string; bytes: string }>,
) {
  const { db } = database;
  await migrateToLatest(db);
  const user = await db
    .insertInto('users')
    .values({ name: 'Bench', email: 'bench@lore.local', email_verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: accountId } = await createAccountWithOwner(db, { name: 'Vectors', userId: user.id });
  await withoutStatementTimeout(db, async (connection) => {
    await sql`CREATE TABLE bench_centres (id int PRIMARY KEY, centre real[] NOT NULL)`.execute(connection);
    await sql`INSERT INTO bench_centres SELECT i - 1, c::real[] FROM unnest(${centres.map((c) => `{${c.join(',')}}`)}::text[]) WITH ORDINALITY AS t (c, i)`.execute(
      connection,
    );
  });
  const { pgvector } = await readVectorStorage(db, options.dimensions);
  const exact = { ms: 600_000, exactScanMaxPassages: Number.MAX_SAFE_INTEGER };
  let loaded = 0;
  for (const passages of [...options.sizes].sort((a, b) => a - b)) {
    const started = performance.now();
    await withoutStatementTimeout(db, async (connection) => {
      if (pgvector) await sql`DROP INDEX IF EXISTS ${sql.id(vectorIndexName(options.dimensions))}`.execute(connection);
      await load(connection, accountId, loaded / PASSAGES_PER_ITEM, passages / PASSAGES_PER_ITEM, options.dimensions);
      await sql`ANALYZE`.execute(connection);
    });
    loaded = passages;
    console.log(`  ${engine}: ${passages.toLocaleString('en')} passages loaded in ${seconds(started)}`);
    const items = await db
      .selectFrom('knowledge')
      .select('id')
      .where('account_id', '=', accountId)
      .limit(WORD_ITEMS)
      .execute();
    const ask = (vector: number[], budget?: typeof exact) =>
      rankByVector(db, {
        accountId,
        model: MODEL,
        vector,
        limit: DEPTH,
        alsoItems: items.map((item) => item.id),
        budget,
      });

    // The exact scan, unbounded: with pgvector the reference for the index's recall; without, what the budget cuts short.
    const scanRuns = passages > 20_000 && !pgvector ? 1 : options.runs;
    const scanQuestions = passages > 20_000 && !pgvector ? questions.slice(0, 3) : questions;
    const reference = new Map<number, string[]>();
    const scan: number[] = [];
    for (let run = 0; run < scanRuns; run++)
      for (const [q, vector] of scanQuestions.entries()) {
        const t = performance.now();
        const hits = await ask(vector, exact);
        scan.push(performance.now() - t);
        reference.set(
          q,
          hits!.slice(0, 10).map((hit) => hit.knowledge_id),
        );
      }
    record(rows, {
      engine,
      passages,
      method: pgvector ? 'exact (halfvec <=>)' : 'exact (real[] in SQL)',
      samples: scan,
    });

    if (pgvector) {
      const building = performance.now();
      await withoutStatementTimeout(db, async (connection) => {
        await sql`SET maintenance_work_mem = '512MB'`.execute(connection);
        await createVectorIndex(connection, options.dimensions);
        await sql`RESET maintenance_work_mem`.execute(connection);
      });
      const built = seconds(building);
      const timed: number[] = [];
      let found = 0;
      for (const vector of questions) await ask(vector); // warm-up
      for (let run = 0; run < options.runs; run++)
        for (const [q, vector] of questions.entries()) {
          const t = performance.now();
          const hits = await ask(vector);
          timed.push(performance.now() - t);
          const expected = reference.get(q)!;
          found += hits!.slice(0, 10).filter((hit) => expected.includes(hit.knowledge_id)).length / expected.length;
        }
      record(rows, {
        engine,
        passages,
        method: 'HNSW',
        samples: timed,
        recall: found / (options.runs * questions.length),
        note: `index built in ${built}`,
      });
    } else {
      const timed: number[] = [];
      let toWords = 0;
      for (const vector of questions.slice(0, 4)) {
        const t = performance.now();
        if ((await ask(vector)) === undefined) toWords++;
        timed.push(performance.now() - t);
      }
      record(rows, {
        engine,
        passages,
        method: 'with its budget',
        samples: timed,
        note: `${toWords}/${timed.length} to words`,
      });
    }
  }
  sizes.push({
    engine: `${engine}, ${loaded.toLocaleString('en')} passages`,
    bytes: await bytesPerPassage(db, loaded),
  });
}

/** Items `from` to `to` (exclusive) with their passages and a vector each, near one of the centres. */
async function load(db: Kysely<DB>, accountId: string, from: number, to: number, dimensions: number) {
  await sql`
    INSERT INTO knowledge (short_id, account_id, title, content)
    SELECT 'vb' || g, ${accountId}, 'Item ' || g, '<p>Item ' || g || '</p>' FROM generate_series(${from}::int, ${to - 1}::int) g
  `.execute(db);
  await sql`
    INSERT INTO search_passages (knowledge_id, position, heading)
    SELECT k.id, p, '' FROM knowledge k, generate_series(0, ${PASSAGES_PER_ITEM - 1}::int) p
    WHERE k.account_id = ${accountId} AND NOT EXISTS (SELECT 1 FROM search_passages s WHERE s.knowledge_id = k.id)
  `.execute(db);
  await sql`
    INSERT INTO search_vectors (passage_id, account_id, model, embedding)
    SELECT p.id, k.account_id, ${MODEL},
      (SELECT array_agg(c.centre[i] + (random() - 0.5) * 0.6 ORDER BY i)::real[] FROM generate_series(1, ${dimensions}::int) i)
    FROM search_passages p JOIN knowledge k ON k.id = p.knowledge_id JOIN bench_centres c ON c.id = p.id % ${CENTRES}
    WHERE k.account_id = ${accountId} AND NOT EXISTS (SELECT 1 FROM search_vectors v WHERE v.passage_id = p.id)
  `.execute(db);
}

async function bytesPerPassage(db: Kysely<DB>, passages: number): Promise<string> {
  const { rows } = await sql<{ name: string; method: string; bytes: string }>`
    SELECT 'table' AS name, '' AS method, pg_table_size('search_vectors') AS bytes
    UNION ALL
    SELECT c.relname, am.amname, pg_relation_size(c.oid) FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = 'search_vectors'::regclass
  `.execute(db);
  const per = (bytes: number) => (bytes / passages).toFixed(0);
  const table = Number(rows.find((row) => row.name === 'table')!.bytes);
  const hnsw = rows.filter((row) => row.method === 'hnsw').reduce((sum, row) => sum + Number(row.bytes), 0);
  const others = rows
    .filter((row) => row.name !== 'table' && row.method !== 'hnsw')
    .reduce((sum, row) => sum + Number(row.bytes), 0);
  return `table ${per(table)}, HNSW ${per(hnsw)}, others ${per(others)}; in all ${per(table + hnsw + others)}`;
}

/** The PostgreSQL of the admin URL, as it is (here without pgvector), in a database of its own. */
async function benchPostgres(
  options: VectorBenchOptions,
  centres: number[][],
  questions: number[][],
  rows: Row[],
  sizes: Array<{ engine: string; bytes: string }>,
) {
  const name = `lore_bench_vectors_${Date.now().toString(36)}`;
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  await runOnOwnConnection(options.adminUrl, `CREATE DATABASE ${name}`);
  const postgres = await openDatabase({ url: url.toString() });
  try {
    const { rows: available } = await sql<{ vector: boolean }>`
      SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS vector`.execute(postgres.db);
    const label = available[0]!.vector ? 'PostgreSQL + pgvector' : 'PostgreSQL, no pgvector';
    await benchEngine(label, postgres, options, centres, questions, rows, sizes);
  } finally {
    await postgres.close();
    await runOnOwnConnection(options.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
