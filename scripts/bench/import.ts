/**
 * `npm run bench:import`: does an import stall anyone else (issue 29)? Lore runs as a
 * child process (as `npm start` does); a person imports --pages pages of the search
 * development set's corpus (the Python docs' HTML files as they are on disk, cycled
 * under a second folder past its 530 pages) in one upload, while two probes, one
 * request at a time with a pause between, ask for `/api/health` and the workspace's
 * list page. Printed: the import's time and pages a second; each probe's p50, p99 and
 * slowest answer while the import ran. Then the same pages again, each time into a new
 * workspace with nobody else using Lore (an import gives others half of Lore's thread while
 * they use it, decision 48, so its own pace is measured alone), in turns with the anchor: the
 * same pages' text written as rows with a stored tsvector and GIN index in a database of the
 * same engine, made in this process. One such pair varied by a sixth from run to run on a
 * quiet machine, so the throughput ÷ the anchor's is of their medians over --runs pairs.
 * The budgets: probes' p99 ≤ 250 ms, throughput ≥ 0.5× the anchor.
 *
 *   npm run bench:import                                  PGlite, 1,000 pages, 3 pairs
 *   npm run bench:import -- --engine postgres             PostgreSQL (DATABASE_URL's server, or the local one)
 *   npm run bench:import -- --pages 200 --runs 1          a short run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { parse } from 'node-html-parser';
import { openDatabase } from '../../server/db/client';
import { runOnOwnConnection } from '../../server/db/postgres-direct';
import { PYTHON_DOCS } from '../eval/python-docs';
import { percentile } from './http-load';
import { importPages, pagesToImport, probe, reportProbe, type PageToImport } from './import-pages';
import { callApi, signIn, startLore } from './lore-process';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    pages: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
  },
});
if (!fs.existsSync(PYTHON_DOCS)) throw new Error(`Needs the corpus in ${PYTHON_DOCS}: apt-get install -y python3-doc`);
const engine = args.engine === 'postgres' ? 'postgres' : 'pglite';
const BUDGET_THROUGHPUT = 0.5;
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs is a whole number of at least 1');

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** The anchor: the same pages' text as rows with a stored tsvector and a GIN index; answers seconds taken. */
async function anchorSeconds(pages: PageToImport[], databaseUrl?: string) {
  const dataDir = databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'lore-import-anchor-'));
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
  const { db } = database;
  try {
    // A run before this one on PostgreSQL left its table in the anchor's database.
    await sql`DROP TABLE IF EXISTS anchor_pages`.execute(db);
    await sql`CREATE TABLE anchor_pages (id serial PRIMARY KEY, title text, body text, vector tsvector)`.execute(db);
    await sql`CREATE INDEX anchor_pages_vector_idx ON anchor_pages USING gin (vector)`.execute(db);
    const started = performance.now();
    for (const page of pages) {
      // As the import does: the file read and parsed for its text, then one row written.
      const root = parse(fs.readFileSync(page.file, 'utf8'));
      const title = root.querySelector('title')?.text ?? page.path;
      const body = (root.querySelector('[role=main]') ?? root).text;
      await sql`INSERT INTO anchor_pages (title, body, vector)
        VALUES (${title}, ${body}, to_tsvector('simple', ${title} || ' ' || ${body}))`.execute(db);
    }
    return (performance.now() - started) / 1000;
  } finally {
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const pages = pagesToImport(Number(args.pages));
  let databaseUrl: string | undefined;
  let anchorUrl: string | undefined;
  const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const names = [`lore_bench_import_${process.pid}`, `lore_bench_import_anchor_${process.pid}`];
  if (engine === 'postgres') {
    for (const name of names) await runOnOwnConnection(admin, `CREATE DATABASE ${name}`);
    const urlOf = (name: string) => Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
    [databaseUrl, anchorUrl] = names.map(urlOf);
  }
  const lore = await startLore({ databaseUrl, startTimeoutMs: 120_000 });
  try {
    const cookie = await signIn(lore, 'import@example.com');
    const account = await callApi<{ id: string }>(lore, cookie, 'POST', '/api/accounts', { name: 'Docs' });
    const health = probe(`${lore.baseUrl}/api/health`, cookie);
    const list = probe(`${lore.baseUrl}/api/accounts/${account.id}/knowledge`, cookie);
    const imported = await importPages(lore, cookie, account.id, pages);
    const [healthTimes, listTimes] = await Promise.all([health.stop(), list.stop()]);
    const alone: number[] = [];
    const anchor: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const workspace = await callApi<{ id: string }>(lore, cookie, 'POST', '/api/accounts', { name: `Alone ${run}` });
      alone.push((await importPages(lore, cookie, workspace.id, pages)).seconds);
      anchor.push(await anchorSeconds(pages, anchorUrl));
    }

    console.log(`\n${pages.length} pages imported on ${engine} beside the probes in ${imported.seconds.toFixed(1)} s`);
    console.log(
      `  (${imported.imported} imported, ${imported.skipped} skipped), ${(pages.length / imported.seconds).toFixed(1)} pages/s`,
    );
    reportProbe('/api/health', 'an import', healthTimes);
    reportProbe('the list page', 'an import', listTimes);
    const seconds = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
    console.log(`alone, in turns with the anchor: ${seconds(alone)} s; median ${median(alone).toFixed(1)} s`);
    console.log(`anchor, the same pages as tsvector rows: ${seconds(anchor)} s; median ${median(anchor).toFixed(1)} s`);
    console.log(
      `import throughput ÷ the anchor's beside the probes: ${(median(anchor) / imported.seconds).toFixed(2)}×`,
    );
    const ratio = median(anchor) / median(alone);
    console.log(
      `budget: import throughput (alone) ÷ the anchor's ≥ ${BUDGET_THROUGHPUT}× (medians of ${runs}): ${ratio.toFixed(2)}× ${ratio >= BUDGET_THROUGHPUT ? 'met' : 'NOT MET'}`,
    );
  } finally {
    await lore.stop();
    if (engine === 'postgres')
      for (const name of names) await runOnOwnConnection(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
