/**
 * `npm run eval:search`: the search development set (../shared/search-eval) through
 * exactly the retrieval the AI search uses, and through the list's search box, next to
 * plain keyword full-text search, on a fresh embedded database. Prints MRR@10, Recall@5
 * and the zero-result rate.
 * With AI_BASE_URL and AI_EMBEDDING_MODEL set (e.g. a local Ollama), it also
 * embeds the corpus and measures the retrieval fused with that model's ranking.
 * `--data DIR` keeps the imported database in DIR and reuses it on the next run
 * (the import takes minutes); delete DIR after changing the analyzer. `--misses`
 * lists the questions the ranked retrieval does not answer in its top five.
 * `--pages N` imports only the pages the questions name and others up to N in all
 * (`npm test` runs it so, to see the evaluation still runs; figures come from the whole set).
 * `--stand-in` embeds with the tests' stand-in model (server/test/model-stand-in.ts, hashed
 * words: a weak model) instead of AI_BASE_URL's: the fusion must not rank below words alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { embedItemPassages } from '../../server/jobs/embed-item';
import { createEmbedder } from '../../server/search/embed';
import { retrieve } from '../../server/search/retrieve';
import { keywordSearch } from '../../server/search/keyword-search';
import { wholeWorkspace } from '../../server/data/collection-access';
import { startModelStandIn } from '../../server/test/model-stand-in';
import { PYTHON_DOCS, openEvaluationWorkspace } from './python-docs';

const DOCS = PYTHON_DOCS;
const EVAL_DIR = path.resolve(import.meta.dirname, '../../../shared/search-eval');
const QUESTIONS = path.join(EVAL_DIR, 'pydocs-dev-questions.tsv');

if (!fs.existsSync(DOCS) || !fs.existsSync(QUESTIONS)) {
  console.error(`Needs the corpus (${DOCS}: apt-get install -y python3-doc) and ${QUESTIONS}.`);
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    misses: { type: 'boolean' },
    pages: { type: 'string' },
    'stand-in': { type: 'boolean' },
  },
});

const questions = fs
  .readFileSync(QUESTIONS, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [question, relevant] = line.split('\t');
    return { question: question!, relevant: new Set(relevant!.split(',').map((id) => id.trim())) };
  });

const named = new Set(questions.flatMap(({ relevant }) => [...relevant]));
const { database, accountId, pageOf } = await openEvaluationWorkspace({ data: args.data, pages: args.pages, named });
const { db } = database;
const account = { id: accountId };

/**
 * Plain keyword full-text search, the anchor: each page as a stored tsvector (title
 * weighted A, text B) with a GIN index, every word required, ranked by ts_rank_cd.
 * Built here, beside Lore's own index, over the same items.
 */
await sql`
  CREATE TEMPORARY TABLE plain_search AS
  SELECT id, setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B') AS vector
  FROM knowledge WHERE account_id = ${account.id}`.execute(db);
await sql`CREATE INDEX ON plain_search USING gin (vector)`.execute(db);
async function fullText(question: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    SELECT id FROM plain_search WHERE vector @@ websearch_to_tsquery('english', ${question})
    ORDER BY ts_rank_cd(vector, websearch_to_tsquery('english', ${question})) DESC LIMIT 10`.execute(db);
  return result.rows.map((row) => row.id);
}

const ranked = async (question: string) =>
  (await retrieve(db, account.id, question, { limit: 10 })).map((hit) => hit.knowledge_id);

/** The list's search box, by relevance: ranked as the AI search ranks, an item need not hold every word. */
const listed = async (question: string) =>
  (
    await keywordSearch(db, {
      scope: wholeWorkspace(account.id),
      search: question,
      tags: [],
      page: 0,
      sort: 'relevance',
    })
  ).rows
    .slice(0, 10)
    .map((row) => row.id);

const setting = (name: string) => process.env[name]?.trim() || undefined;
const standIn = args['stand-in'] ? await startModelStandIn() : undefined;
const embedder = createEmbedder(
  standIn
    ? { AI_BASE_URL: standIn.baseUrl, AI_EMBEDDING_MODEL: 'stand-in' }
    : {
        AI_BASE_URL: setting('AI_BASE_URL'),
        AI_API_KEY: setting('AI_API_KEY'),
        AI_EMBEDDING_MODEL: setting('AI_EMBEDDING_MODEL'),
      },
);
/** Why questions could not be embedded (they were ranked by words alone): a run with any is not a measure of the model. */
const fellBack: string[] = [];
const noteFallBack = (details: { err: unknown }) =>
  void fellBack.push(details.err instanceof Error ? details.err.message : String(details.err));
const withEmbeddings = embedder
  ? async (question: string) =>
      (
        await retrieve(db, account.id, question, {
          limit: 10,
          embedder,
          logger: { warn: noteFallBack },
          // A model loading on its first call may be slower than a search may wait.
          timeoutMs: 30_000,
        })
      ).map((hit) => hit.knowledge_id)
  : undefined;
if (embedder) {
  const embedding = Date.now();
  let passages = 0;
  // The job's own work, item by item, as the queue would do it after each save.
  for (const id of pageOf.keys()) passages += await embedItemPassages(db, embedder, id);
  console.log(
    `Embedded ${passages} passages with ${embedder.model} in ${((Date.now() - embedding) / 1000).toFixed(1)} s.`,
  );
}

async function score(method: (question: string) => Promise<string[]>, misses?: string[]) {
  let reciprocal = 0;
  let inTopFive = 0;
  let empty = 0;
  const times: number[] = [];
  for (const { question, relevant } of questions) {
    const start = performance.now();
    const ids = await method(question);
    times.push(performance.now() - start);
    const rank = ids.findIndex((id) => relevant.has(pageOf.get(id) ?? ''));
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (rank >= 0 && rank < 5) inTopFive++;
    if (ids.length === 0) empty++;
    if (!(rank >= 0 && rank < 5)) misses?.push(`${rank < 0 ? 'not in top 10' : `rank ${rank + 1}`}: ${question}`);
  }
  times.sort((a, b) => a - b);
  return {
    mrr: reciprocal / questions.length,
    recall: inTopFive / questions.length,
    empty: empty / questions.length,
    median: times[Math.floor(times.length / 2)]!,
  };
}

const misses: string[] = [];
const rows: Array<[string, Awaited<ReturnType<typeof score>>]> = [
  ['Ranked retrieval (AI search)', await score(ranked, misses)],
  ["The list's search box", await score(listed)],
  ['Plain full-text search', await score(fullText)],
];
if (withEmbeddings) rows.push(['Ranked retrieval + embeddings', await score(withEmbeddings)]);
console.log(`\n${questions.length} questions over ${pageOf.size} pages; top 10 of one call each.\n`);
console.log('method                          MRR@10  Recall@5  zero-result  median ms');
for (const [name, r] of rows) {
  console.log(
    `${name.padEnd(30)}  ${r.mrr.toFixed(3).padStart(6)}  ${r.recall.toFixed(3).padStart(8)}  ${r.empty.toFixed(3).padStart(11)}  ${r.median.toFixed(1).padStart(9)}`,
  );
}
if (args.misses) console.log(`\nNot in the ranked retrieval's top 5:\n${misses.map((miss) => `  ${miss}`).join('\n')}`);
if (fellBack.length > 0) {
  console.log(`\n${fellBack.length} questions could not be embedded and were ranked by words alone:`);
  const reasons = new Map<string, number>();
  for (const reason of fellBack) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  for (const [reason, count] of reasons) console.log(`  ${count} x ${reason}`);
}
await standIn?.close();
await database.close();
