/**
 * `npm run bench`: Lore at scale, on the embedded database or PostgreSQL (issue 14).
 *
 * Seeds one workspace of --items items (100,000) and ten of 1,000 (fewer below
 * 100,000 items) with the generated corpus of corpus.ts, straight into the tables the
 * app writes; starts Lore as a child process (lore-process.ts) and measures, with a
 * closed-loop client at concurrency 1 and 16 (8 on PGlite), what people wait for: the list's pages,
 * searches (a rare word, a word with no hits, a common word, three words, a tag, a
 * tag with a word), one item, the count, the tags, the weekly chart and the AI
 * search's first event; a path whose answer Lore keeps until the workspace changes
 * (decision 20) is timed again right after a write. Interleaved with them: a bare Hono hello server (the floor
 * of a request here) and, on PostgreSQL, the same data-layer calls run alone in this
 * process (on PGlite, which one process owns, right after Lore stops). Each call's
 * queries get EXPLAIN (ANALYZE, BUFFERS); a plan that reads more rows than its path is
 * allowed is flagged: for a page, 10% of the workspace's items (10,000 at 100,000) and
 * the rows its offset skips; for a path that returns no page, a fixed few.
 * Writes Markdown and JSON to bench/results/, and the plans beside them.
 *
 *   npm run bench                                  PGlite, 100,000 items
 *   npm run bench -- --engine postgres             PostgreSQL (DATABASE_URL's server, or the local one)
 *   npm run bench -- --items 20000                 another size
 *   npm run bench -- --reuse                       keep the seeded database between runs (in the temp folder);
 *                                                  without it, each run seeds a corpus of its own and drops it
 *   npm run bench -- --seconds 5                   how long each measurement runs (default 3)
 *   npm run bench -- --items 5000 --plans-only     seed and check the plans, no timing; exits 1 on a flagged plan
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { RELATED_ITEMS } from '../../common/ai-search';
import { KNOWLEDGE_PAGE_SIZE } from '../../common/knowledge';
import { countCreatedPerWeek, countKnowledge, listKnowledge, listTags } from '../../server/data/knowledge';
import { loadKnowledge } from '../../server/data/load-knowledge';
import { offeredWords } from '../../server/data/keyword-search';
import { wholeWorkspace } from '../../server/data/collection-access';
import { listCollections, listTreeLevel } from '../../server/data/collections';
import { TREE_PAGE_SIZE } from '../../common/collections';
import { BENCH_COLLECTIONS, deepestItem, organiseWorkspace, TREE_LEVELS } from './collections';
import { RATE_LIMITS } from '../../server/auth/rate-limits';
import { QUEUE_LIMITS } from '../../server/db/admission';
import { migrateToLatest } from '../../server/db/migrate';
import { runOnOwnConnection } from '../../server/db/postgres-direct';
import type { DB } from '../../server/db/schema';
import { weeklySeries } from '../../server/routes/knowledge/weekly-series';
import { isStopWord } from '../../server/search/analyze';
import { keywordSearch } from '../../server/search/keyword-search';
import { retrieve } from '../../server/search/retrieve';
import { checkAgainstIndexer, loadWorkspaces, seconds } from './corpus';
import { openPglite, openPostgres, type BenchDatabase } from './engines';
import { closedLoop, httpClient, type HttpRequest, type LoadResult } from './http-load';
import { callApi, signIn, startLore } from './lore-process';

/** Between two writes of the "after a write" timings: 80% of what one session may write a minute. */
const WRITE_SPACING_MS = 60_000 / (RATE_LIMITS.writesPerSession.max * 0.8);
/** Bumped when the corpus or the seeding changes: a reused database of another version is seeded again. */
const CORPUS_VERSION = 3;
/** A plan reading more rows than this share of the workspace's items to return one page is flagged (10,000 at 100,000). */
const FLAG_SHARE = 0.1;
/**
 * What a path that returns no page (one item, the count, the tags, the weekly chart) may
 * read at any size: what it reads must not grow with the items. (The tags read 382 rows at
 * 5,000 items: the planner scans the small table of every workspace's tag counts.)
 */
const FIXED_ALLOWANCE = 1_000;
/**
 * What a search (the AI search's retrieval, or the list's search box) may read, more
 * than a short run's 10%; at 100,000 items the 10% applies. It scores at most 300
 * candidate items (decision 29: their chunks of the index, found through its GIN
 * index, about 500 rows read at 5,000 items), and a word that matches nothing has its
 * spelling looked up through the vocabulary's trigrams, whose index hits are rechecked
 * (1,744 rows for a made-up word at 5,000 items: the generated vocabulary's words share
 * many trigrams).
 */
const SEARCH_ALLOWANCE = 3_000;
const SMALL_WORKSPACES = 10;
const WEEKS_ON_CHART = 12;

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    items: { type: 'string', default: '100000' },
    reuse: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '3' },
    'plans-only': { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench/results' },
  },
});
const engine = args.engine as 'pglite' | 'postgres';
if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`--engine is pglite or postgres, not ${args.engine}`);
/**
 * One caller, then many: 16 on PostgreSQL; on PGlite as many as it admits at once (8,
 * decision 27), since it turns the rest away with a 503 by design.
 */
const CONCURRENCIES = [1, engine === 'pglite' ? QUEUE_LIMITS.pglite.maxRequests : 16];
const items = Number(args.items);
if (!Number.isInteger(items) || items < 100) throw new Error(`--items wants a whole number of at least 100`);
const measureSeconds = Number(args.seconds);
const plansOnly = args['plans-only'];
/** Ten workspaces of 1,000 beside 100,000; proportionally fewer items each (at least 100) for a smaller run. */
const smallSize = Math.min(1000, Math.max(100, Math.round(items / 100)));
/** Rows a plan may read to return `page`: a share of the workspace, and the rows its offset skips. */
const pageAllowance = (page: number) => Math.round(items * FLAG_SHARE) + (page + 1) * KNOWLEDGE_PAGE_SIZE;
const started = performance.now();
const count = (n: number) => n.toLocaleString('en');

/**
 * The corpus's name: one per size when it is kept (--reuse), else one of this run's own,
 * so a run that drops its corpus never takes another's (npm test's check of the plans
 * beside someone's kept corpus, or two such checks on one server).
 */
const corpusName = args.reuse ? String(items) : `${items}_${process.pid}`;
/** The corpus's database on PostgreSQL. */
const databaseName = `lore_bench_${corpusName}`;
/** Where a seeded corpus lives between runs, and what the run needs to know about it. */
const benchDir = path.join(os.tmpdir(), 'lore-bench', `${engine}-${corpusName}`);
const stateFile = path.join(benchDir, 'state.json');
const dataDir = path.join(benchDir, 'data');
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

/** What the searches ask for, picked from the seeded corpus (so the same every run of one corpus). */
interface Queries {
  rare: string;
  rareItems: number;
  noHit: string;
  common: string;
  commonItems: number;
  middling: string;
  threeWords: string;
  tag: string;
  itemRef: string;
  question: string;
  /** A collection of the large workspace, and its deepest item (issue 32: 50 collections, trees 6 levels deep). */
  collectionId: string;
  deepRef: string;
  /** Where the deepest item sits: its collection and parent, a level of the tree the sidebar reads. */
  deepLevel: { collectionId: string; parentId: string };
}

interface SeedState {
  version: number;
  email: string;
  cookie: string;
  userId: string;
  accountIds: string[];
  queries: Queries;
  load: { items: number; passages: number; terms: number; size: string; seconds: number };
}

/** A path people wait for: its request, the data-layer calls it makes (its SQL), and whether it returns a page. */
interface Scenario {
  name: string;
  request: HttpRequest;
  sql: (db: Kysely<DB>) => Promise<unknown>;
  /** The most rows one of its queries may read before its plan is flagged. */
  allowedRows: number;
  /** Lore keeps its answer until the workspace changes (decision 20): it is timed again right after a write. */
  kept?: boolean;
}

function scenarios(state: SeedState): Scenario[] {
  const accountId = state.accountIds[0]!;
  const { queries: q } = state;
  const list = (query: Record<string, string | number>) =>
    `/api/accounts/${accountId}/knowledge?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const search = (name: string, query: { search?: string; tag?: string; page?: number }): Scenario => ({
    name,
    request: { method: 'GET', path: list(query) },
    sql: (db) =>
      query.search
        ? keywordSearch(db, {
            scope: wholeWorkspace(accountId),
            search: query.search,
            tags: query.tag ? [query.tag] : [],
            page: query.page ?? 0,
            sort: 'relevance',
          })
        : listKnowledge(db, {
            scope: wholeWorkspace(accountId),
            tags: query.tag ? [query.tag] : [],
            page: query.page ?? 0,
          }),
    allowedRows: query.search
      ? Math.max(SEARCH_ALLOWANCE, pageAllowance(query.page ?? 0))
      : pageAllowance(query.page ?? 0),
    kept: !query.search,
  });
  const get = (name: string, suffix: string, sql: Scenario['sql'], kept = true): Scenario => ({
    name,
    request: { method: 'GET', path: `/api/accounts/${accountId}/knowledge${suffix}` },
    sql,
    allowedRows: FIXED_ALLOWANCE,
    kept,
  });
  // The sidebar reads its tree a level at a time (decision 35): a page of a level, and whether each row opens.
  const treeLevel = (name: string, collectionId: string, parentId: string | null): Scenario => ({
    name,
    request: {
      method: 'GET',
      path: `/api/accounts/${accountId}/collections/${collectionId}/tree${parentId ? `?parentId=${parentId}` : ''}`,
    },
    sql: (db) => listTreeLevel(db, { accountId, collectionId, parentId, page: 0, pageSize: TREE_PAGE_SIZE }),
    allowedRows: FIXED_ALLOWANCE,
    kept: false,
  });
  return [
    search('list page 0', { page: 0 }),
    search('list page 50', { page: 50 }),
    search(`rare word "${q.rare}" (${count(q.rareItems)} items)`, { search: q.rare }),
    search(`misspelt word "${q.noHit}" (the nearest word's items)`, { search: q.noHit }),
    search(`common word "${q.common}" (${count(q.commonItems)} items)`, { search: q.common }),
    search(`three words "${q.threeWords}"`, { search: q.threeWords }),
    search(`tag "${q.tag}"`, { tag: q.tag }),
    search(`tag "${q.tag}" + "${q.middling}"`, { tag: q.tag, search: q.middling }),
    get('one item', `/${q.itemRef}`, (db) => loadKnowledge(db, wholeWorkspace(accountId), q.itemRef), false),
    get(
      'an item 6 levels deep',
      `/${q.deepRef}`,
      (db) => loadKnowledge(db, wholeWorkspace(accountId), q.deepRef),
      false,
    ),
    {
      name: 'list of one collection, page 0',
      request: { method: 'GET', path: list({ collection: q.collectionId }) },
      sql: (db) =>
        listKnowledge(db, { scope: wholeWorkspace(accountId), tags: [], page: 0, collectionId: q.collectionId }),
      allowedRows: pageAllowance(0),
      kept: true,
    },
    {
      name: `collections (${BENCH_COLLECTIONS})`,
      request: { method: 'GET', path: `/api/accounts/${accountId}/collections` },
      sql: (db) => listCollections(db, wholeWorkspace(accountId)),
      allowedRows: FIXED_ALLOWANCE,
      kept: false,
    },
    treeLevel("the top of a collection's tree", q.collectionId, null),
    treeLevel('a level of the tree 6 deep', q.deepLevel.collectionId, q.deepLevel.parentId),
    get('count', '/count', (db) => countKnowledge(db, wholeWorkspace(accountId))),
    get('tags', '/tags', (db) => listTags(db, wholeWorkspace(accountId))),
    get('weekly', '/weekly', (db) =>
      countCreatedPerWeek(db, wholeWorkspace(accountId), weeklySeries(new Date(), WEEKS_ON_CHART).since),
    ),
    {
      name: 'AI search: retrieval (SQL) and first event',
      request: {
        method: 'POST',
        path: '/api/aiKnowledgeSearch',
        body: { accountId, query: q.question },
        until: 'event: start',
      },
      sql: (db) => retrieve(db, accountId, q.question, { limit: RELATED_ITEMS }),
      allowedRows: Math.max(SEARCH_ALLOWANCE, pageAllowance(0)),
    },
  ];
}

// ---------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------

async function openBenchDatabase(): Promise<BenchDatabase> {
  return engine === 'postgres' ? openPostgres(databaseUrl) : openPglite(path.join(dataDir, 'pglite'));
}

const adminQuery = (statement: string) => runOnOwnConnection(adminUrl, statement);

function startBenchLore() {
  return startLore({
    dataDir,
    databaseUrl: engine === 'postgres' ? databaseUrl : undefined,
    // Generous: Lore's start-up passes (indexing check, statistics) run over every item first.
    startTimeoutMs: 60 * 60_000,
  });
}

/**
 * A fresh corpus: Lore makes the user and the workspaces (as people do), then, with
 * Lore stopped, the items are loaded straight into the database and checked against
 * the real indexer, and the searches are picked from what was loaded.
 */
async function seed(): Promise<SeedState> {
  fs.rmSync(benchDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (engine === 'postgres') {
    await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${databaseName}`);
  }
  const email = 'bench@example.com';
  const lore = await startBenchLore();
  let cookie: string;
  let userId: string;
  const accountIds: string[] = [];
  try {
    cookie = await signIn(lore, email);
    userId = (await callApi<{ id: string }>(lore, cookie, 'GET', '/api/me')).id;
    for (const name of [
      `Bench ${count(items)} items`,
      ...Array.from({ length: SMALL_WORKSPACES }, (_, i) => `Bench small ${i + 1}`),
    ])
      accountIds.push((await callApi<{ id: string }>(lore, cookie, 'POST', '/api/accounts', { name })).id);
  } finally {
    await lore.stop();
  }

  const loading = performance.now();
  const database = await openBenchDatabase();
  try {
    await migrateToLatest(database.db);
    console.log(
      `Loading ${count(items)} items and ${SMALL_WORKSPACES} workspaces of ${count(smallSize)} into ${engine}...`,
    );
    const report = await database.bulk((target) =>
      loadWorkspaces(target, {
        sizes: [items, ...Array.from({ length: SMALL_WORKSPACES }, () => smallSize)],
        accountIds,
        userId,
      }),
    );
    const checked = await checkAgainstIndexer(database.db, accountIds.slice(0, 2));
    console.log(`${checked} items indexed again by the real indexer: the same rows as loaded.`);
    const collectionIds = await organiseWorkspace(database.db, accountIds[0]!);
    console.log(`Organised into ${collectionIds.length} collections, trees ${TREE_LEVELS} levels deep.`);
    const queries = {
      ...(await pickQueries(database.db, accountIds[0]!)),
      collectionId: collectionIds[1]!,
      ...(await deepestItem(database.db, accountIds[0]!).then(({ shortId, ...deepLevel }) => ({
        deepRef: shortId,
        deepLevel,
      }))),
    };
    const state: SeedState = {
      version: CORPUS_VERSION,
      email,
      cookie,
      userId,
      accountIds,
      queries,
      load: { ...report, seconds: Math.round((performance.now() - loading) / 1000) },
    };
    fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
    return state;
  } finally {
    await database.close();
  }
}

/** Searches from the corpus: words by how many items use them, a typo that matches nothing, an item's title. */
async function pickQueries(
  db: Kysely<DB>,
  accountId: string,
): Promise<Omit<Queries, 'collectionId' | 'deepRef' | 'deepLevel'>> {
  const { rows: vocabulary } = await offeredWords(accountId, {
    rows: () => sql<boolean>`true`,
    word: () => sql<boolean>`true`,
  }).execute(db);
  const words = vocabulary
    .filter((row) => /^[a-z]{4,}$/.test(row.word) && !isStopWord(row.word))
    .sort((a, b) => a.word.localeCompare(b.word));
  const known = new Set(vocabulary.map((row) => row.word));
  const nearest = (target: number) =>
    words.reduce((best, row) => (Math.abs(row.items - target) < Math.abs(best.items - target) ? row : best));
  const rare = nearest(57 * (items / 100_000));
  const common = words.reduce((best, row) => (row.items > best.items ? row : best));
  const middling = nearest(items / 50);
  const search = (text: string) =>
    keywordSearch(db, {
      scope: wholeWorkspace(accountId),
      search: text,
      tags: [],
      page: 0,
      sort: 'relevance',
      exact: true,
    });

  // A typo: two letters of the rare word swapped, so no word of the workspace is it or starts with it
  // (as typed: the list then shows what the nearest word finds, which its path measures).
  let noHit = '';
  for (let i = 1; i < rare.word.length - 1 && !noHit; i++) {
    const typo = rare.word.slice(0, i) + rare.word[i + 1] + rare.word[i] + rare.word.slice(i + 2);
    if (typo === rare.word || known.has(typo) || [...known].some((word) => word.startsWith(typo))) continue;
    if ((await search(typo)).rows.length === 0) noHit = typo;
  }
  if (!noHit) throw new Error(`No typo of "${rare.word}" matches nothing`);

  // An item from the middle of the workspace: three words of its title, and what the AI search is asked.
  const item = await db
    .selectFrom('knowledge')
    .select(['short_id', 'title'])
    .where('account_id', '=', accountId)
    .orderBy('short_id')
    .offset(Math.floor(items / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const titleWords = item.title
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => /^[a-z]{3,}$/.test(word) && !isStopWord(word));
  const threeWords = titleWords.slice(0, 3).join(' ');
  if (titleWords.length < 3 || (await search(threeWords)).rows.length === 0)
    throw new Error(`"${item.title}" does not give three words that find it`);

  const tag = await db
    .selectFrom('knowledge')
    .select((eb) => eb.fn<string>('unnest', ['tags']).as('tag'))
    .where('account_id', '=', accountId)
    .execute()
    .then((rows) => {
      const counts = new Map<string, number>();
      for (const { tag } of rows) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    });
  return {
    rare: rare.word,
    rareItems: rare.items,
    noHit,
    common: common.word,
    commonItems: common.items,
    middling: middling.word,
    threeWords,
    tag,
    itemRef: item.short_id,
    question: `How do I ${middling.word} the ${titleWords.slice(0, 2).join(' ')}?`,
  };
}

/** The seeded corpus of an earlier run when --reuse finds one of this version, else a new one. */
async function corpus(): Promise<{ state: SeedState; reused: boolean }> {
  if (args.reuse && fs.existsSync(stateFile)) {
    const state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as SeedState;
    if (state.version === CORPUS_VERSION) {
      // Migrations added since it was seeded, before anything reads it (--plans-only starts no Lore).
      const database = await openBenchDatabase();
      try {
        await migrateToLatest(database.db);
      } finally {
        await database.close();
      }
      return { state, reused: true };
    }
  }
  return { state: await seed(), reused: false };
}

// ---------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------

interface PlanNode {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows a plan read from tables and indexes: what each scan node returned or filtered away, times its loops. */
function rowsRead(node: PlanNode): number {
  const reads = /^(Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan|Tid Scan|Tid Range Scan)$/.test(
    node['Node Type'],
  );
  const own = reads
    ? ((node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      (node['Actual Loops'] ?? 1)
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}

interface PlanReport {
  scenario: string;
  queries: Array<{ sql: string; rowsRead: number; ms: number; flagged: boolean; plan: string }>;
  /** The most rows one query of the path read, and what it may. */
  rowsRead: number;
  allowedRows: number;
  flagged: boolean;
}

/** Each query the scenario's data-layer calls make, run again under EXPLAIN (ANALYZE, BUFFERS). */
async function explain(database: BenchDatabase, scenario: Scenario): Promise<PlanReport> {
  const captured: CompiledQuery[] = [];
  await database.watching((query) => captured.push(query), scenario.sql);
  const queries: PlanReport['queries'] = [];
  // Statements with a plan: not a transaction's begin and commit, nor its settings.
  for (const query of captured.filter((q) => /^\s*(select|with|insert|update|delete)\b/i.test(q.sql))) {
    const [json] = await database.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`,
      query.parameters,
    );
    const text = await database.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
      query.parameters,
    );
    const { Plan, 'Execution Time': ms } = json!['QUERY PLAN'][0]!;
    const read = rowsRead(Plan);
    queries.push({
      sql: query.sql,
      rowsRead: read,
      ms,
      flagged: read > scenario.allowedRows,
      plan: text.map((row) => row['QUERY PLAN']).join('\n'),
    });
  }
  return {
    scenario: scenario.name,
    queries,
    rowsRead: queries.reduce((most, query) => Math.max(most, query.rowsRead), 0),
    allowedRows: scenario.allowedRows,
    flagged: queries.some((query) => query.flagged),
  };
}

// ---------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------

/** Resident memory of a process, in MB (Linux). */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function startHello() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/hello-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(JSON.parse(line).port));
    child.once('exit', (code) => reject(new Error(`The hello server exited (${code})`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

interface ScenarioResult {
  name: string;
  request: string;
  lore: Record<number, LoadResult>;
  hello: Record<number, LoadResult>;
  /** A kept answer read right after a write (concurrency 1): what the first reader after a change waits. */
  afterWrite?: LoadResult;
  sqlAlone?: LoadResult;
  plan?: PlanReport;
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * How long Lore is left without requests before its memory is read: V8 gives back the
 * heap its work grew some seconds after the work ends (read after 8 s, the same start of
 * Lore on PGlite was 250 to 290 MB; after 40 s, 254 MB three times out of three).
 */
const SETTLE_MS = 45_000;

async function main() {
  fs.mkdirSync(args.out, { recursive: true });
  const { state, reused } = await corpus();
  console.log(
    reused
      ? `Reusing the ${engine} corpus in ${benchDir} (${count(state.load.items)} items, ${state.load.size}).`
      : `Seeded in ${state.load.seconds} s.`,
  );
  const all = scenarios(state);

  const results: ScenarioResult[] = all.map((scenario) => ({
    name: scenario.name,
    request: `${scenario.request.method} ${scenario.request.path.replace(state.accountIds[0]!, ':accountId')}`,
    lore: {},
    hello: {},
  }));
  let memory: { startedMb: number; afterMb: number } | undefined;
  if (!plansOnly) {
    const lore = await startBenchLore();
    const hello = await startHello();
    let database: BenchDatabase | undefined;
    try {
      // A session older than its lifetime: sign in again (the same user, so the same workspaces).
      const probe = await fetch(`${lore.baseUrl}/api/me`, { headers: { cookie: state.cookie } });
      if (probe.status === 401) {
        state.cookie = await signIn(lore, state.email);
        fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
      }
      await idle(SETTLE_MS);
      const startedMb = residentMb(lore.pid);
      if (engine === 'postgres') {
        database = await openBenchDatabase();
        // As autovacuum would have by the time people search, after whatever Lore's migrations rewrote.
        const vacuuming = performance.now();
        await database.query('VACUUM (ANALYZE)');
        console.log(`VACUUM ANALYZE in ${seconds(vacuuming)}.`);
      }
      // A server runs warm: one second of every path first, so the first paths measured are not
      // also timing V8 compiling the code every request shares (list page 0 measured 3.4 ms
      // cold, 2.0 ms fifteen seconds later).
      const warmClient = httpClient(lore.baseUrl, state.cookie, 1);
      for (const scenario of all) {
        await closedLoop(() => warmClient.send(scenario.request), { concurrency: 1, seconds: 1, minSamples: 3 });
        if (database) {
          const db = database.db;
          await closedLoop(() => scenario.sql(db).then(() => undefined), { concurrency: 1, seconds: 1, minSamples: 3 });
        }
      }
      warmClient.close();
      for (const concurrency of CONCURRENCIES) {
        const client = httpClient(lore.baseUrl, state.cookie, concurrency);
        const helloClient = httpClient(hello.baseUrl, '', concurrency);
        console.log(`\nConcurrency ${concurrency}:`);
        for (const [i, scenario] of all.entries()) {
          const result = results[i]!;
          await closedLoop(() => client.send(scenario.request), { concurrency, seconds: 0.5, minSamples: 3 }); // warm-up
          result.lore[concurrency] = await closedLoop(() => client.send(scenario.request), {
            concurrency,
            seconds: measureSeconds,
            minSamples: concurrency === 1 ? 30 : 100,
          });
          result.hello[concurrency] = await closedLoop(() => helloClient.send({ method: 'GET', path: '/' }), {
            concurrency,
            seconds: 1,
          });
          if (scenario.kept && concurrency === 1) {
            // Any write request empties what Lore keeps (decision 20); renaming a small workspace is one.
            const write: HttpRequest = {
              method: 'PATCH',
              path: `/api/accounts/${state.accountIds.at(-1)}`,
              body: { name: `Bench small ${SMALL_WORKSPACES}` },
            };
            result.afterWrite = await closedLoop(
              async () => {
                // Spaced so that the session stays under its writes a minute (decision 26); only the read is timed.
                await new Promise((resolve) => setTimeout(resolve, WRITE_SPACING_MS));
                await client.send(write);
                return client.send(scenario.request);
              },
              { concurrency: 1, seconds: measureSeconds, minSamples: 30 },
            );
          }
          if (database && concurrency === 1) {
            const db = database.db;
            result.sqlAlone = await closedLoop(() => scenario.sql(db).then(() => undefined), {
              concurrency: 1,
              seconds: measureSeconds,
              minSamples: 30,
            });
          }
          const r = result.lore[concurrency]!;
          console.log(
            `  ${scenario.name}: p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, ${Math.round(r.rps)} req/s` +
              (result.sqlAlone && concurrency === 1 ? `; SQL alone p50 ${ms(result.sqlAlone.p50)}` : '') +
              (result.afterWrite && concurrency === 1 ? `; after a write p50 ${ms(result.afterWrite.p50)}` : ''),
          );
        }
        client.close();
        helloClient.close();
      }
      await idle(SETTLE_MS);
      memory = { startedMb, afterMb: residentMb(lore.pid) };
    } finally {
      await database?.close();
      hello.stop();
      await lore.stop();
    }
  }

  // The plans (and on PGlite, the SQL alone), with Lore stopped when the database is embedded.
  const database = await openBenchDatabase();
  try {
    for (const [i, scenario] of all.entries()) {
      if (!plansOnly && engine === 'pglite') {
        const db = database.db;
        await closedLoop(() => scenario.sql(db).then(() => undefined), { concurrency: 1, seconds: 0.5, minSamples: 3 });
        results[i]!.sqlAlone = await closedLoop(() => scenario.sql(db).then(() => undefined), {
          concurrency: 1,
          seconds: measureSeconds,
          minSamples: 30,
        });
      }
      results[i]!.plan = await explain(database, scenario);
    }
  } finally {
    await database.close();
  }

  // Everything but the session cookie, which stays in the state file.
  const { cookie: _cookie, ...seeded } = state;
  const report = {
    engine,
    items,
    smallWorkspaces: `${SMALL_WORKSPACES} × ${smallSize}`,
    state: seeded,
    memory,
    results,
  };
  const markdown = toMarkdown(report, plansOnly);
  const base = path.join(args.out, `${engine}-${items}${plansOnly ? '-plans' : ''}`);
  fs.writeFileSync(`${base}.md`, markdown);
  fs.writeFileSync(
    `${base}.json`,
    JSON.stringify({ ...report, date: new Date().toISOString(), machine: machine() }, null, 2),
  );
  fs.writeFileSync(
    `${base}.plans.txt`,
    results
      .map((result) =>
        [
          `=== ${result.name}`,
          ...result.plan!.queries.map(
            (query) =>
              `--- ${query.rowsRead} rows read${query.flagged ? ' (FLAGGED)' : ''}\n${query.sql}\n\n${query.plan}\n`,
          ),
        ].join('\n'),
      )
      .join('\n'),
  );
  console.log(`\n${markdown}\nWritten to ${base}.md, .json and .plans.txt; ${seconds(started)} in all.`);
  const flagged = results.filter((result) => result.plan!.flagged);
  if (plansOnly && flagged.length > 0) {
    // One line, the last: npm test's summary quotes it.
    const paths = flagged.map(({ name, plan }) => `${name} (${count(plan!.rowsRead)} of ${count(plan!.allowedRows)})`);
    console.error(`Plans reading more rows than allowed: ${paths.join(', ')}.`);
    process.exitCode = 1;
  }
}

const ms = (value: number | undefined) => (value === undefined ? '' : value < 10 ? value.toFixed(2) : value.toFixed(1));
const ratio = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)}×`;

function machine() {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

function toMarkdown(
  report: {
    engine: string;
    items: number;
    smallWorkspaces: string;
    state: Omit<SeedState, 'cookie'>;
    memory?: { startedMb: number; afterMb: number };
    results: ScenarioResult[];
  },
  plansOnly: boolean,
) {
  const lines = [
    `# Lore at ${count(report.items)} items on ${report.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
    '',
    `One workspace of ${count(report.items)} items and ${report.smallWorkspaces} (${report.state.load.size}); ` +
      `${machine().cpus} cores, Node ${process.version}. Milliseconds; a plan reading more rows than its path is allowed is flagged.`,
    '',
  ];
  if (!plansOnly) {
    const [c1, c16] = CONCURRENCIES as [number, number];
    lines.push(
      `| path | p50 | p95 | p99 | req/s | p50 @${c16} | p95 @${c16} | p99 @${c16} | req/s @${c16} | SQL alone p50 | p95 | ÷ SQL p50 | ÷ hello req/s @${c16} | rows read | allowed | |`,
      '|---|' + '---:|'.repeat(14) + '---|',
    );
    for (const r of report.results) {
      const a = r.lore[c1]!;
      const b = r.lore[c16]!;
      lines.push(
        `| ${r.name} | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(a.p99)} | ${Math.round(a.rps)} | ${ms(b.p50)} | ${ms(b.p95)} | ${ms(b.p99)} | ${Math.round(b.rps)} | ` +
          `${ms(r.sqlAlone?.p50)} | ${ms(r.sqlAlone?.p95)} | ${r.sqlAlone ? ratio(a.p50 / r.sqlAlone.p50) : ''} | ${ratio(b.rps / r.hello[c16]!.rps)} | ${count(r.plan!.rowsRead)} | ${count(r.plan!.allowedRows)} | ${r.plan!.flagged ? 'FLAGGED' : ''} |`,
      );
    }
    const helloRps = (c: number) => Math.round(average(report.results.map((r) => r.hello[c]!.rps)));
    lines.push(
      '',
      `Bare Hono hello, interleaved: ${helloRps(c1)} req/s at 1, ${helloRps(c16)} at ${c16}. ` +
        `The AI search row times the first event over HTTP and the retrieval as SQL alone. ` +
        `"rows read" is the most any one query of the path read (EXPLAIN ANALYZE); "allowed", what it may before it is flagged.`,
    );
    const kept = report.results.filter((r) => r.afterWrite);
    if (kept.length > 0) {
      lines.push(
        '',
        `Lore keeps these answers until the workspace changes (decision 20). Each timed again at concurrency ${c1}, ` +
          `right after a write request (which empties what Lore keeps, its sessions and memberships too):`,
        '',
        '| path | p50 after a write | p95 | ÷ SQL p50 |',
        '|---|---:|---:|---:|',
        ...kept.map(
          (r) =>
            `| ${r.name} | ${ms(r.afterWrite!.p50)} | ${ms(r.afterWrite!.p95)} | ${r.sqlAlone ? ratio(r.afterWrite!.p50 / r.sqlAlone.p50) : ''} |`,
        ),
      );
    }
    if (report.memory)
      lines.push(
        '',
        `Lore's resident memory: ${Math.round(report.memory.startedMb)} MB idle after start, ${Math.round(report.memory.afterMb)} MB idle after the run (each ${SETTLE_MS / 1000} s without requests).`,
      );
  } else {
    lines.push('| path | queries | most rows read by one | allowed | |', '|---|---:|---:|---:|---|');
    for (const r of report.results) {
      const { queries, rowsRead, allowedRows, flagged } = r.plan!;
      lines.push(
        `| ${r.name} | ${queries.length} | ${count(rowsRead)} | ${count(allowedRows)} | ${flagged ? 'FLAGGED' : ''} |`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Without --reuse, the seeded corpus (a gigabyte at 5,000 items) goes when the run ends. */
async function removeCorpus() {
  if (args.reuse) return;
  if (engine === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  fs.rmSync(benchDir, { recursive: true, force: true });
}

try {
  await main();
} finally {
  // Reported, never in place of the run's own error.
  await removeCorpus().catch((error: unknown) => console.error('The seeded corpus could not be removed:', error));
}
