/**
 * The benchmarks' corpus: team articles generated from a seeded PRNG (the same every
 * run, no system files), and their bulk load straight into the tables the app writes.
 *
 * Items are generated over a vocabulary with a Zipf distribution, each with a few
 * topic words it repeats. Worker threads generate them and index them with the real
 * indexer (`buildItemIndex`, `itemWords`); the rows go in with COPY, in batches, with
 * the search tables' triggers and the GIN index of search_items off during the load.
 * The statistics the indexer keeps beside its rows (search_totals, search_term_counts
 * with the words offered for each term) are summed from each item's contribution and
 * words, as it would have, and checked; knowledge's own triggers stay on, so whatever the app keeps from an
 * item's row is kept. A few items are indexed again through the real indexer to check
 * the load stored the same rows. Used by `npm run bench` and
 * `npm run bench:ai-search`.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import { eng as STOP_WORDS } from 'stopword';
import { knowledgePreview } from '../../server/content/knowledge-html';
import type { Executor } from '../../server/data/executor';
import { accountKey, replaceItemsIndex } from '../../server/data/search-index';
import type { DB } from '../../server/db/schema';
import { ANALYZER_VERSION } from '../../server/search/analyze';
import { buildItemIndex, storedContribution } from '../../server/search/index-item';
import { itemWords } from '../../server/search/keyword-search';

const SEED = 20240609;
/** Distinct words of the generated language, stop words included. */
const VOCABULARY_SIZE = 50_000;
/** Zipf's exponent: the word of rank r is used in proportion to 1 / r^s. */
const ZIPF_EXPONENT = 1;
/** Items a worker generates and indexes at a time; each batch is one transaction of two COPYs. */
const BATCH_ITEMS = 500;

// ---------------------------------------------------------------------------------------
// The generated language: a seeded PRNG, a ranked vocabulary, Zipf sampling.
// ---------------------------------------------------------------------------------------

/**
 * sfc32, a small fast PRNG with 128 bits of state, seeded by hashing a label: streams
 * of different labels (one per batch) do not overlap. Uniform in [0, 1).
 */
export function prng(label: string): Random {
  const seed = crypto.createHash('sha256').update(`${SEED}:${label}`).digest();
  let [a, b, c, d] = [0, 4, 8, 12].map((offset) => seed.readInt32LE(offset)) as [number, number, number, number];
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}
export type Random = () => number;
export const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)]!;

/** The most used English words, most used first: they open the ranking, as in real text. */
const FUNCTION_WORDS =
  'the to and a of in is it you that for on we this with be are as can if or your have not by from when will an do at how our all what should there they'.split(
    ' ',
  );
/** The words a team's articles are about, most used first; they rank right after the function words. */
const TEAM_WORDS = `
  team use need new time work make sure project customer data account access service process set up check
  change request update release deploy server build test review code issue support user email meeting
  production staging branch merge repository pipeline database backup restore incident alert monitoring
  dashboard report policy security password key token certificate vpn laptop office travel expense invoice
  payroll vacation holiday leave benefits insurance hiring interview candidate onboarding offboarding
  training manager engineer designer product roadmap feature bug fix version install configure network printer
  budget contract vendor approval checklist template guide documentation runbook migration schedule rotation
  oncall escalation ticket queue priority deadline sprint planning retrospective standup demo launch rollout
  rollback hotfix patch upgrade dependency library framework api endpoint webhook integration sso login
  permission role admin owner member invite workspace folder file upload download share link calendar
  channel chat slack announcement handbook wiki article note decision proposal feedback goal metric
  kpi revenue sales marketing campaign lead partner legal compliance audit gdpr privacy retention archive
  storage cloud cluster container image registry kubernetes terraform config secret environment variable
  log trace latency error failure outage status page uptime capacity cost quota limit usage license
  subscription billing refund payment tax receipt purchase order shipping warehouse inventory support
  agent customer success renewal churn survey research analysis experiment hypothesis result summary
`
  .trim()
  .split(/\s+/);
const ONSETS = ['b', 'c', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z'];
const CLUSTERS = ['br', 'cr', 'dr', 'fl', 'gr', 'pl', 'st', 'tr', 'sh', 'ch', 'th', 'qu', 'sk'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou', 'y'];
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 't', 'm', 'x', 'nd', 'rk', 'st', 'ck'];
export const TAGS = `
  engineering ops onboarding hr it security finance howto policy runbook product design sales support legal
  faq infra release incident process tools data mobile frontend backend billing travel benefits hiring
  marketing oncall devops qa compliance facilities
`
  .trim()
  .split(/\s+/);

/** The language's words by rank (most used first), and a sampler that draws them by Zipf's law. */
export function buildVocabulary() {
  const random = prng('vocabulary');
  const taken = new Set<string>();
  const ranked: string[] = [];
  const add = (word: string) => {
    if (taken.has(word)) return;
    taken.add(word);
    ranked.push(word);
  };
  FUNCTION_WORDS.forEach(add);
  // The other stop words, spread among the team's words as in real text.
  const stop = STOP_WORDS.filter((word) => !taken.has(word));
  const team = TEAM_WORDS.filter((word) => !STOP_WORDS.includes(word));
  for (let i = 0; i < Math.max(stop.length, team.length); i++) {
    if (i < team.length) add(team[i]!);
    if (i % 2 === 0 && i / 2 < stop.length) add(stop[i / 2]!);
  }
  stop.forEach(add);
  // The long tail: made-up words of two to four syllables (names, products, jargon).
  while (ranked.length < VOCABULARY_SIZE) {
    const syllables = between(random, 2, 4);
    let word = '';
    for (let s = 0; s < syllables; s++)
      word +=
        (random() < 0.25 ? pick(random, CLUSTERS) : pick(random, ONSETS)) + pick(random, VOWELS) + pick(random, CODAS);
    add(word);
  }
  const cumulative = new Float64Array(ranked.length);
  let total = 0;
  for (let rank = 0; rank < ranked.length; rank++) cumulative[rank] = total += 1 / (rank + 1) ** ZIPF_EXPONENT;
  /** A rank drawn by Zipf's law. */
  const zipfRank = (random: Random) => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const stopWords = new Set(STOP_WORDS);
  const firstContentRank = ranked.findIndex((word) => !stopWords.has(word) && !FUNCTION_WORDS.includes(word));
  return { ranked, zipfRank, stopWords, firstContentRank };
}
export type Vocabulary = ReturnType<typeof buildVocabulary>;

export interface GeneratedItem {
  id: string;
  shortId: string;
  title: string;
  tags: string[];
  content: string;
  words: number;
  /** The rarer words this item is about and repeats. */
  topic: string[];
}

/** A UUID from the PRNG, so the same run makes the same ids (ties in ranking break by id). */
function uuidFrom(random: Random) {
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('');
  const text = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One team article: a title of 3 to 8 words, 1 to 4 tags, and a body of 100 to 1,500
 * words (mostly short, a few long) in paragraphs and lists, with an h2 heading every 2
 * to 4 blocks. Words follow Zipf's law, except that about one in seven is one of the
 * item's topic words (rarer words, drawn log-uniformly by rank), as articles repeat
 * what they are about.
 */
export function generateItem(random: Random, vocabulary: Vocabulary, shortId: string): GeneratedItem {
  const { ranked, zipfRank } = vocabulary;
  const topic = Array.from(
    { length: between(random, 6, 14) },
    () => ranked[Math.floor(300 * (ranked.length / 300) ** random())]!,
  );
  const word = () => (random() < 0.15 ? pick(random, topic) : ranked[zipfRank(random)]!);
  const contentWord = () => {
    for (;;) {
      const candidate = word();
      if (!vocabulary.stopWords.has(candidate)) return candidate;
    }
  };
  const phrase = (count: number) => Array.from({ length: count }, word).join(' ');

  const titleWords = Array.from({ length: between(random, 3, 8) }, () =>
    random() < 0.45 ? pick(random, topic) : contentWord(),
  );
  if (random() < 0.3) titleWords.splice(0, 2, random() < 0.5 ? 'how' : 'about', random() < 0.5 ? 'to' : 'the');
  const title = capitalize(titleWords.join(' '));
  const tags = [
    ...new Set(Array.from({ length: between(random, 1, 4) }, () => TAGS[vocabulary.zipfRank(random) % TAGS.length]!)),
  ];

  const target = Math.round(100 + 1400 * random() ** 2);
  const blocks: string[] = [];
  let written = 0;
  let sinceHeading = between(random, 0, 2);
  const sentence = (count: number) => `${capitalize(phrase(count))}.`;
  while (written < target) {
    if (sinceHeading >= between(random, 2, 4)) {
      const heading = Array.from({ length: between(random, 2, 5) }, () =>
        random() < 0.35 ? pick(random, topic) : contentWord(),
      );
      blocks.push(`<h2>${capitalize(heading.join(' '))}</h2>`);
      sinceHeading = 0;
    }
    if (random() < 0.2) {
      const entries = Array.from({ length: between(random, 2, 5) }, () => between(random, 3, 10));
      blocks.push(`<ul>${entries.map((count) => `<li><p>${sentence(count)}</p></li>`).join('')}</ul>`);
      written += entries.reduce((sum, count) => sum + count, 0);
    } else {
      const sentences: string[] = [];
      for (let length = between(random, 30, 120); length > 0;) {
        const count = Math.min(length, between(random, 6, 20));
        sentences.push(sentence(count));
        length -= count;
        written += count;
      }
      blocks.push(`<p>${sentences.join(' ')}</p>`);
    }
    sinceHeading++;
  }
  return { id: uuidFrom(random), shortId, title, tags, content: blocks.join(''), words: written, topic };
}
// ---------------------------------------------------------------------------------------
// Loading: worker threads generate and index batches of items as COPY data.
// ---------------------------------------------------------------------------------------

interface BatchTask {
  workspace: number;
  batch: number;
  accountId: string;
  userId: string;
  /** The batch's first item, by its number in its workspace. */
  first: number;
  count: number;
  /** The load's clock, for creation dates. */
  now: number;
}

interface BatchData {
  /** COPY text of knowledge and search_items, UTF-8 (no passage rows: they key embeddings, and there is no model). */
  knowledge: Uint8Array;
  items: Uint8Array;
  /** What the batch's items add to their workspace's statistics: totals, and per term (items, passages, outlines). */
  totals: [number, number, number, number];
  termCounts: Array<[string, number, number, number]>;
  /** The batch's vocabulary words, each with its term. */
  words: Array<[string, string]>;
  termCount: number;
  wordCount: number;
  /** The topic words of every 50th item, to ask about. */
  topics: string[][];
}

/**
 * With its position among its siblings (the n-th item of its workspace), which the tree's trigger would otherwise
 * look up, and indexed (no index request left for Lore's start-up pass, decision 45).
 */
const KNOWLEDGE_COLUMNS =
  'id, short_id, account_id, user_id, title, content, preview, tags, search_version, index_request, created_at, updated_at, position';
const ITEM_COLUMNS = 'knowledge_id, chunk, account_id, vector, layout';
const YEARS_OF_ITEMS = 3 * 365 * 86_400;

/** A value in COPY's text format. */
const copyText = (value: string) =>
  value.replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char]!);
/** A text[] in COPY's text format; the words are letters and digits, so quoting each is enough. */
const copyArray = (values: string[]) =>
  copyText(`{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);

/** A batch as COPY data: its rows as the indexer stores them. Its PRNG depends on the batch only, so any worker makes the same. */
function makeBatch(vocabulary: Vocabulary, task: BatchTask): BatchData {
  const random = prng(`batch ${task.workspace}:${task.batch}`);
  const knowledge: string[] = [];
  const words = new Map<string, string>();
  const items: string[] = [];
  const topics: string[][] = [];
  const totals: BatchData['totals'] = [0, 0, 0, 0];
  const termCounts = new Map<string, [number, number, number]>();
  let termCount = 0;
  let wordCount = 0;
  for (let n = task.first; n < task.first + task.count; n++) {
    const item = generateItem(random, vocabulary, `b${task.workspace}${n.toString(36)}`);
    wordCount += item.words;
    if (n % 50 === 0) topics.push(item.topic);
    const created = new Date(task.now - ((n * 997) % YEARS_OF_ITEMS) * 1000).toISOString();
    knowledge.push(
      `${item.id}\t${item.shortId}\t${task.accountId}\t${task.userId}\t${copyText(item.title)}\t${copyText(item.content)}\t${copyText(knowledgePreview(item.content))}\t${copyArray(item.tags)}\t${ANALYZER_VERSION}\t\\N\t${created}\t${created}\t${n}\n`,
    );
    const row = { id: item.id, account_id: task.accountId, title: item.title, tags: item.tags, content: item.content };
    // As replaceItemsIndex stores them.
    const index = buildItemIndex(row);
    for (const { word, term } of index.words) words.set(word, term);
    for (const { chunk, vector } of index.chunks) {
      items.push(`${item.id}\t${chunk}\t${task.accountId}\t${copyText(vector)}\t{${index.layout.join(',')}}\n`);
    }
    const { totals: added, terms } = index.contribution;
    totals[0] += added.items;
    totals[1] += added.passages;
    totals[2] += added.passageLength;
    totals[3] += added.outlineLength;
    termCount += terms.size;
    for (const [term, rarity] of terms) {
      const counts = termCounts.get(term) ?? [0, 0, 0];
      counts[0] += rarity.items;
      counts[1] += rarity.passages;
      counts[2] += rarity.outlines;
      termCounts.set(term, counts);
    }
  }
  const encoder = new TextEncoder();
  return {
    knowledge: encoder.encode(knowledge.join('')),
    words: [...words],
    items: encoder.encode(items.join('')),
    totals,
    termCounts: [...termCounts].map(([term, counts]) => [term, ...counts]),
    termCount,
    wordCount,
    topics,
  };
}

/** In a worker thread: answers each task with its batch, the bytes moved rather than copied. */
function serveBatches() {
  const vocabulary = buildVocabulary();
  parentPort!.on('message', (task: BatchTask) => {
    const data = makeBatch(vocabulary, task);
    parentPort!.postMessage(data, [data.knowledge.buffer, data.items.buffer] as ArrayBuffer[]);
  });
}

/** A worker thread running this file (through tsx's loader); `run` answers in the order tasks were given. */
function startBatchWorker() {
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`,
    { eval: true },
  );
  const waiting: Array<{ resolve: (data: BatchData) => void; reject: (error: Error) => void }> = [];
  worker.on('message', (data: BatchData) => waiting.shift()!.resolve(data));
  worker.on('error', (error) => waiting.splice(0).forEach((w) => w.reject(error)));
  return {
    run(task: BatchTask) {
      return new Promise<BatchData>((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage(task);
      });
    },
    stop: () => worker.terminate(),
  };
}

if (!isMainThread) serveBatches();

/** Where the load writes: a PostgreSQL connection or PGlite, each with its own way to COPY. */
export interface BulkTarget {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** COPY `data` (text format) into `table`. */
  copy(table: string, columns: string, data: Uint8Array): Promise<void>;
}

/** The indexes of `table` and how to make each again: they are built once after the load, not row by row. */
async function dropIndexes(target: BulkTarget, table: string): Promise<string[]> {
  const rows = await target.query<{
    name: string;
    constraint_name: string | null;
    index_def: string;
    constraint_def: string | null;
  }>(
    `SELECT i.relname AS name, c.conname AS constraint_name, pg_get_indexdef(i.oid) AS index_def,
       pg_get_constraintdef(c.oid) AS constraint_def
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u')
     WHERE x.indrelid = $1::regclass`,
    [table],
  );
  const recreate: string[] = [];
  for (const row of rows) {
    if (row.constraint_name) {
      await target.query(`ALTER TABLE ${table} DROP CONSTRAINT "${row.constraint_name}"`);
      recreate.push(`ALTER TABLE ${table} ADD CONSTRAINT "${row.constraint_name}" ${row.constraint_def}`);
    } else {
      await target.query(`DROP INDEX "${row.name}"`);
      recreate.push(row.index_def);
    }
  }
  return recreate;
}

/**
 * The load must store exactly what the indexer stores: a few items of each workspace
 * are indexed again through the real buildItemIndex and replaceItemsIndex, in a transaction
 * rolled back, and their rows (every column but the ids) compared with the loaded ones.
 */
export async function checkAgainstIndexer(db: Kysely<DB>, accountIds: string[], perAccount = 10) {
  const rowsOf = async (
    executor: Executor,
    item: Parameters<typeof itemWords>[0] & { id: string; account_id: string },
  ) => {
    const { id: knowledgeId, account_id: accountId } = item;
    const terms = await sql`
      SELECT chunk, vector::text, layout FROM search_items WHERE knowledge_id = ${knowledgeId} ORDER BY chunk
    `.execute(executor);
    const itemWordList = itemWords(item);
    // The item's words that its terms' rows offer (written as the term, or among its forms).
    const offered = await sql`
      SELECT w.word, w.term FROM unnest(${itemWordList.map((w) => w.word)}::text[], ${itemWordList.map((w) => w.term)}::text[]) AS w (word, term)
      JOIN search_term_counts c ON c.account_key = ${accountKey(accountId)} AND c.term = w.term
      WHERE w.word = ANY(string_to_array(ltrim(search_offered_words(c.term, c.written, c.forms)), ' '))
      ORDER BY w.word`.execute(executor);
    return JSON.stringify([terms.rows, offered.rows]);
  };
  const rollBack = new Error('roll back');
  for (const accountId of accountIds) {
    const items = await db
      .selectFrom('knowledge')
      .select([
        'id',
        'account_id',
        'title',
        'tags',
        'content',
        sql<string | null>`index_request::text`.as('index_request'),
      ])
      .where('account_id', '=', accountId)
      .orderBy('short_id')
      .limit(perAccount)
      .execute();
    for (const item of items) {
      const loaded = await rowsOf(db, item);
      let indexed = '';
      await db
        .transaction()
        .execute(async (trx) => {
          const entry = { item, index: buildItemIndex(item) };
          await replaceItemsIndex(trx, item.account_id, [entry], ANALYZER_VERSION, storedContribution);
          indexed = await rowsOf(trx, item);
          throw rollBack;
        })
        .catch((error: unknown) => {
          if (error !== rollBack) throw error;
        });
      if (loaded !== indexed) throw new Error(`Item ${item.id} was loaded otherwise than the indexer stores it`);
      const { preview } = await db
        .selectFrom('knowledge')
        .select('preview')
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow();
      if (preview !== knowledgePreview(item.content))
        throw new Error(`Item ${item.id} was loaded with another preview`);
    }
  }
  return accountIds.length * perAccount;
}

export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The index tables the load fills, and whose triggers it turns off meanwhile. */
const INDEX_TABLES = ['search_items'];

/** What a load made, per workspace and in all. */
export interface LoadReport {
  /** Per workspace, the topic words of every 50th item. */
  topics: string[][][];
  items: number;
  words: number;
  passages: number;
  terms: number;
  size: string;
}

/**
 * Loads one workspace per size into its account, each item written by `userId`.
 * Statistics (with the words offered) and indexes are right when it returns, and VACUUM ANALYZE has run.
 * knowledge.search_vector, when the schema still has it (before migration 0020; never
 * read), is left empty: its trigger alone takes about 6 ms an item.
 */
export async function loadWorkspaces(
  target: BulkTarget,
  options: { sizes: number[]; accountIds: string[]; userId: string; log?: (line: string) => void },
): Promise<LoadReport> {
  const { sizes, accountIds, userId } = options;
  const log = options.log ?? console.log;
  const started = performance.now();
  for (const table of INDEX_TABLES) await target.query(`ALTER TABLE ${table} DISABLE TRIGGER ALL`);
  const searchVectorTrigger = await target.query<{ tgname: string }>(
    `SELECT tgname FROM pg_trigger WHERE tgrelid = 'knowledge'::regclass AND tgname = 'knowledge_search_vector_update'`,
  );
  if (searchVectorTrigger.length > 0)
    await target.query('ALTER TABLE knowledge DISABLE TRIGGER knowledge_search_vector_update');
  const recreateIndexes = await dropIndexes(target, 'search_items');
  const now = Date.now();
  const tasks: BatchTask[] = sizes.flatMap((size, workspace) =>
    Array.from({ length: Math.ceil(size / BATCH_ITEMS) }, (_, batch) => ({
      workspace,
      batch,
      accountId: accountIds[workspace]!,
      userId,
      first: batch * BATCH_ITEMS,
      count: Math.min(BATCH_ITEMS, size - batch * BATCH_ITEMS),
      now,
    })),
  );

  const workers = Array.from({ length: Math.max(1, os.availableParallelism()) }, startBatchWorker);
  const made = new Map<number, Promise<BatchData>>();
  const topics = sizes.map((): string[][] => []);
  const totals = { words: 0, passages: 0, terms: 0 };
  /** Per workspace, the statistics its items add up to. */
  const statistics = sizes.map(() => ({
    totals: [0, 0, 0, 0],
    terms: new Map<string, [number, number, number]>(),
    words: new Map<string, string>(),
  }));
  try {
    for (const [i, task] of tasks.entries()) {
      // Keep every worker two batches ahead of the database.
      for (let ahead = i; ahead < Math.min(tasks.length, i + 2 * workers.length); ahead++)
        if (!made.has(ahead)) made.set(ahead, workers[ahead % workers.length]!.run(tasks[ahead]!));
      const data = await made.get(i)!;
      made.delete(i);
      await target.query('BEGIN');
      await target.copy('knowledge', KNOWLEDGE_COLUMNS, data.knowledge);
      await target.copy('search_items', ITEM_COLUMNS, data.items);
      await target.query('COMMIT');
      const workspace = statistics[task.workspace]!;
      data.totals.forEach((value, i) => (workspace.totals[i]! += value));
      for (const [term, ...counts] of data.termCounts) {
        const kept = workspace.terms.get(term) ?? [0, 0, 0];
        counts.forEach((value, i) => (kept[i]! += value));
        workspace.terms.set(term, kept);
      }
      for (const [word, term] of data.words) workspace.words.set(word, term);
      topics[task.workspace]!.push(...data.topics);
      totals.words += data.wordCount;
      totals.passages += data.totals[1];
      totals.terms += data.termCount;
      const done = task.first + task.count;
      if (done % 10_000 === 0)
        log(
          `  ${done.toLocaleString('en')} items of ${sizes[task.workspace]!.toLocaleString('en')}, ${seconds(started)}`,
        );
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
  const copied = seconds(started);

  const indexing = performance.now();
  const steps: string[] = [];
  const step = async (name: string, work: () => Promise<unknown>) => {
    const from = performance.now();
    await work();
    steps.push(`${name} ${seconds(from)}`);
  };
  await step('search_items indexes', async () => {
    for (const statement of recreateIndexes) await target.query(statement);
  });
  for (const table of INDEX_TABLES) await target.query(`ALTER TABLE ${table} ENABLE TRIGGER ALL`);
  if (searchVectorTrigger.length > 0)
    await target.query('ALTER TABLE knowledge ENABLE TRIGGER knowledge_search_vector_update');
  // What the indexer would have kept beside its rows, summed from each item's contribution.
  await target.query('DELETE FROM search_totals');
  await target.query('DELETE FROM search_term_counts');
  // The statistics are keyed by each workspace's search key (migration 0049).
  const keyRows = await target.query<{ id: string; search_key: number }>(
    'SELECT id, search_key FROM accounts WHERE id = ANY($1::uuid[])',
    [accountIds],
  );
  const keyOf = new Map(keyRows.map((row) => [row.id, row.search_key]));
  // Indexes are built after, as search_items' are: row by row, the trigram indexes took most of the time.
  await step('statistics', async () => {
    const recreate = await dropIndexes(target, 'search_term_counts');
    for (const [workspace, { totals: sums, terms, words }] of statistics.entries()) {
      const accountId = accountIds[workspace]!;
      await target.query(
        `INSERT INTO search_totals (account_id, items, passages, passage_length, outline_length) VALUES ($1, $2, $3, $4, $5)`,
        [accountId, ...sums],
      );
      // A term is `written` when some item writes it as a word, as it is; its other words are its forms (addToStatistics in server/data/search-index.ts).
      const forms = new Map<string, string[]>();
      for (const [word, term] of words) if (word !== term) forms.set(term, [...(forms.get(term) ?? []), word]);
      const lines = [...terms].map(([term, counts]) => {
        const termForms = forms.get(term);
        return `${keyOf.get(accountId)}\t${term}\t${words.get(term) === term}\t${counts.join('\t')}\t${termForms ? copyText(termForms.join(' ')) : '\\N'}\n`;
      });
      await target.copy(
        'search_term_counts',
        'account_key, term, written, items, passages, outlines, forms',
        new TextEncoder().encode(lines.join('')),
      );
    }
    for (const statement of recreate) await target.query(statement);
  });
  const indexed = `${seconds(indexing)} (${steps.join(', ')})`;

  const vacuuming = performance.now();
  // Sets the visibility map and hint bits, as autovacuum would have by the time anyone searches; and ANALYZE.
  await target.query('VACUUM (ANALYZE)');
  const vacuumed = seconds(vacuuming);

  const [check] = await target.query<{ items: string; size: string }>(
    `SELECT (SELECT count(DISTINCT knowledge_id) FROM search_items) AS items,
       pg_size_pretty(pg_database_size(current_database())) AS size`,
  );
  const items = sizes.reduce((sum, size) => sum + size, 0);
  if (Number(check!.items) !== items) throw new Error(`Stored ${check!.items} items, made ${items}`);
  log(
    `Loaded in ${seconds(started)} (${workers.length} worker threads): generated, indexed and copied in ${copied}, ` +
      `search_items indexes and statistics ${indexed}, VACUUM ANALYZE ${vacuumed}.\n` +
      `${items.toLocaleString('en')} items of ${Math.round(totals.words / items)} words on average, ` +
      `${totals.passages.toLocaleString('en')} passages, ${totals.terms.toLocaleString('en')} distinct terms of items, ` +
      `${check!.size}.`,
  );
  return { topics, items, words: totals.words, passages: totals.passages, terms: totals.terms, size: check!.size };
}
