/**
 * `npm run bench:reindex`: does re-indexing (after an analyzer change, decision 29) stall
 * anyone, or hold up Lore's start (issue 29)? Lore runs as a child process on a kept data
 * folder (and database); a person imports --pages pages of the search development set's
 * corpus. Lore is started again with nothing to index, then stopped, every item marked as
 * indexed by the analyzer before this one (as an upgrade that changes `ANALYZER_VERSION`
 * leaves them), and started once more: it re-indexes them all in the background. Printed:
 * each start's time to its first answer; the re-index's time and items a second; two
 * probes' p50, p99 and slowest answer while it ran (`/api/health` and the workspace's
 * list page, one request at a time). The budgets: the start with everything to re-index
 * as fast as the start with nothing (within a quarter), the probes' p99 ≤ 250 ms.
 *
 *   npm run bench:reindex                                 PGlite, 530 pages
 *   npm run bench:reindex -- --engine postgres            PostgreSQL (DATABASE_URL's server, or the local one)
 *   npm run bench:reindex -- --pages 200                  a short run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/client';
import { runOnOwnConnection } from '../../server/db/postgres-direct';
import { ANALYZER_VERSION } from '../../server/search/analyze';
import { PYTHON_DOCS } from '../eval/python-docs';
import { importPages, pagesToImport, probe, reportProbe } from './import-pages';
import { callApi, signIn, startLore } from './lore-process';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    pages: { type: 'string', default: '530' },
  },
});
if (!fs.existsSync(PYTHON_DOCS)) throw new Error(`Needs the corpus in ${PYTHON_DOCS}: apt-get install -y python3-doc`);
const engine = args.engine === 'postgres' ? 'postgres' : 'pglite';
/** The start with every item to re-index ÷ the start with none. */
const BUDGET_START_RATIO = 1.25;
const REINDEX_TIME_LIMIT_MS = 60 * 60_000;

async function main() {
  const pages = pagesToImport(Number(args.pages));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-bench-reindex-'));
  const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lore_bench_reindex_${process.pid}`;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    await runOnOwnConnection(admin, `CREATE DATABASE ${name}`);
    databaseUrl = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  }
  const start = () => startLore({ dataDir, databaseUrl, startTimeoutMs: 120_000 });
  try {
    const first = await start();
    const cookie = await signIn(first, 'reindex@example.com');
    const account = await callApi<{ id: string }>(first, cookie, 'POST', '/api/accounts', { name: 'Docs' });
    const imported = await importPages(first, cookie, account.id, pages);
    await first.stop();

    const nothingToIndex = await start();
    const quietStartMs = nothingToIndex.readyAfterMs;
    await nothingToIndex.stop();

    // As an analyzer change leaves them: indexed, but by the version before.
    const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
    await database.db
      .updateTable('knowledge')
      .set({ search_version: ANALYZER_VERSION - 1 })
      .execute()
      .finally(() => database.close());

    const lore = await start();
    const reindexStarted = performance.now();
    const health = probe(`${lore.baseUrl}/api/health`, cookie);
    const list = probe(`${lore.baseUrl}/api/accounts/${account.id}/knowledge`, cookie);
    // Said at once when there is anything to re-index; without it, the wait below would be for nothing.
    await lore.waitFor('"msg":"Indexing items for search in the background"', 60_000, 0);
    await lore.waitFor('"msg":"Items indexed for search"', REINDEX_TIME_LIMIT_MS, 0);
    const reindexSeconds = (performance.now() - reindexStarted) / 1000;
    const [healthTimes, listTimes] = await Promise.all([health.stop(), list.stop()]);
    await lore.stop();

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(`\n${imported.imported} items on ${engine} (${pages.length} pages imported)`);
    console.log(`start with nothing to index: ${ms(quietStartMs)} to the first answer`);
    console.log(`start with every item to re-index: ${ms(lore.readyAfterMs)} to the first answer`);
    const ratio = lore.readyAfterMs / quietStartMs;
    console.log(
      `budget: the start with every item to re-index ÷ the start with none ≤ ${BUDGET_START_RATIO}×: ${ratio.toFixed(2)}× ${ratio <= BUDGET_START_RATIO ? 'met' : 'NOT MET'}`,
    );
    console.log(
      `re-indexed in the background in ${reindexSeconds.toFixed(1)} s, ${(imported.imported / reindexSeconds).toFixed(1)} items/s`,
    );
    reportProbe('/api/health', 'a re-index', healthTimes);
    reportProbe('the list page', 'a re-index', listTimes);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await runOnOwnConnection(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
