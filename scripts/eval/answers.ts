/**
 * `npm run eval:answers`: the AI search's answer with no model (the extractive
 * writer), read against a judged set. For each question of the search development
 * set (../shared/search-eval), scripts/eval/pydocs-dev-answers.tsv holds the
 * sentences of the relevant pages that answer it, chosen by reading the pages as
 * Lore's passages give them. The question goes through the AI search route's own
 * steps (retrieve, the nearest words when nothing is found, the route's sources,
 * answerExtractively) on a fresh embedded database, and the answer is scored:
 * - whether its first quoted sentence is a judged sentence of the question;
 * - whether any judged sentence appears anywhere in it;
 * - of its cited groups ([n]), how many cite a relevant page and how many do not;
 * - whether it contains markup (HTML tags, entities; outside code blocks, which show code as written)
 *   and whether it is the no-answer text.
 * Sentences are compared with whitespace and Markdown escapes normalised. A quoted
 * sentence that holds a judged one counts; so does one the judged sentence holds,
 * when it is that sentence's beginning and at least half its words (a sentence cut
 * short at a line break), not when it is a fragment from its middle or end.
 *
 * `--data DIR` keeps the imported database in DIR and reuses it on the next run
 * (the same layout as eval:search, so one DIR serves both). `--pages N` imports
 * only the questions' pages and others up to N in all. `--show` prints each
 * question with its sources and its answer, for reading. Judge by reading, and
 * improve the method, never the fit: answers are read again on other corpora.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RELATED_ITEMS } from '../../common/ai-search';
import { NO_ANSWER, answerExtractively } from '../../server/ai/extractive-answer';
import { sentencesOf } from '../../server/ai/sentences';
import { answerSources } from '../../server/routes/ai-search/ai-search.routes';
import { nearestSearch } from '../../server/search/keyword-search';
import { splitPassages } from '../../server/search/passages';
import { retrieve } from '../../server/search/retrieve';
import { PYTHON_DOCS, openEvaluationWorkspace, readPythonDocPage } from './python-docs';

const EVAL_DIR = path.resolve(import.meta.dirname, '../../../shared/search-eval');
const QUESTIONS = path.join(EVAL_DIR, 'pydocs-dev-questions.tsv');
const JUDGED = path.join(import.meta.dirname, 'pydocs-dev-answers.tsv');

if (!fs.existsSync(PYTHON_DOCS) || !fs.existsSync(QUESTIONS)) {
  console.error(`Needs the corpus (${PYTHON_DOCS}: apt-get install -y python3-doc) and ${QUESTIONS}.`);
  process.exit(1);
}

const { values: args } = parseArgs({
  options: { data: { type: 'string' }, pages: { type: 'string' }, show: { type: 'boolean' } },
});
const started = Date.now();

const tsvRows = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t').map((cell) => cell.trim()));

/** Each question, its relevant pages and its judged sentences (page and text). */
const questions = tsvRows(QUESTIONS).map(([question, relevant]) => ({
  question: question!,
  relevant: new Set(relevant!.split(',').map((id) => id.trim())),
  judged: [] as Array<{ page: string; sentence: string }>,
}));
for (const [question, page, sentence] of tsvRows(JUDGED)) {
  const entry = questions.find((q) => q.question === question);
  if (!entry || !page || !sentence) throw new Error(`${JUDGED}: a row for no known question: ${question}`);
  entry.judged.push({ page, sentence });
}
const unjudged = questions.filter((q) => q.judged.length === 0);
if (unjudged.length > 0)
  throw new Error(`${JUDGED} has no sentence for: ${unjudged.map((q) => q.question).join('; ')}`);

/** Text as a reader sees it: whitespace collapsed, Markdown's backslash escapes undone. */
const normalise = (text: string) =>
  text
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
const wordCount = (text: string) => text.split(' ').length;
/**
 * A quoted sentence is the judged one when it holds it, or when it is the judged
 * sentence cut short: its beginning, at least half its words (a line break cut it).
 */
function isJudged(quoted: string, judged: string) {
  if (quoted.includes(judged)) return true;
  return quoted.length > 0 && judged.startsWith(quoted) && wordCount(quoted) * 2 >= wordCount(judged);
}

// Every judged sentence must be verbatim from its page's passages; one cut by a passage window can be quoted only in part.
let acrossPassages = 0;
for (const { judged } of questions) {
  for (const { page, sentence } of judged) {
    const passages = splitPassages(readPythonDocPage(path.join(PYTHON_DOCS, `${page}.html`)).content);
    const wanted = normalise(sentence);
    if (passages.some((passage) => normalise(passage.text).includes(wanted))) continue;
    if (!normalise(passages.map((passage) => passage.text).join(' ')).includes(wanted))
      throw new Error(`${JUDGED}: not in ${page}'s text: ${sentence}`);
    acrossPassages++;
  }
}

const named = new Set(questions.flatMap(({ relevant }) => [...relevant]));
const { database, accountId, pageOf } = await openEvaluationWorkspace({ data: args.data, pages: args.pages, named });
const { db } = database;

/** The AI search route's steps with no model configured: its retrieval, its sources, the extractive writer. */
async function ask(question: string) {
  const options = { limit: RELATED_ITEMS };
  let hits = await retrieve(db, accountId, question, options);
  const nearest = hits.length === 0 ? await nearestSearch(db, accountId, question) : null;
  if (nearest) hits = await retrieve(db, accountId, nearest, options);
  if (hits.length === 0) return undefined; // the route answers 404
  const sources = answerSources(hits);
  let answer = '';
  for await (const text of answerExtractively(nearest ?? question, sources)) answer += text;
  return { hits, sources, answer };
}

/** The answer's quoted blocks (paragraphs, list items, table rows, code lines) as read: no group titles, no citations. */
function quotedBlocks(answer: string) {
  return answer
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^\*\*.*\*\*$/.test(line) && !/^```/.test(line) && !/^\|?[\s:|-]+\|?$/.test(line))
    .map((line) => normalise(line.replace(/^(?:[-*+]|\d+\.)\s+/, '').replace(/\s*\[\d+\]/g, '')))
    .filter(Boolean);
}

/** The answer without its fenced code blocks, which show their text as written (`<div>` in code is code, not markup). */
const outsideCode = (answer: string) => answer.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');

/** HTML left in the text: a tag (or any closing tag) or an entity, after Markdown's escapes are undone. */
const MARKUP =
  /<\/?(?:a|b|i|u|s|p|em|strong|small|code|pre|kbd|samp|var|span|div|br|hr|ul|ol|li|dl|dt|dd|table|thead|tbody|tr|td|th|h[1-6]|img|blockquote|cite|sup|sub|section|article|figure)\b[^>]*>|<\/[a-z]|&(?:lt|gt|amp|quot|apos|nbsp|#\d+|#x[0-9a-f]+);/i;

const totals = {
  firstJudged: 0,
  anyJudged: 0,
  groupsRelevant: 0,
  groupsOther: 0,
  markup: 0,
  noAnswer: 0,
  notFound: 0,
  relevantSource: 0,
  judgedInSources: 0,
};
for (const { question, relevant, judged } of questions) {
  const asked = await ask(question);
  const isRelevant = (knowledgeId: string) => relevant.has(pageOf.get(knowledgeId) ?? '');
  if (!asked) {
    totals.notFound++;
    if (args.show) console.log(`\n## ${question}\n(nothing found: the route answers 404)`);
    continue;
  }
  const { hits, sources, answer } = asked;
  const wanted = judged.map(({ sentence }) => normalise(sentence));
  const blocks = quotedBlocks(answer);
  const first = blocks.length > 0 ? (sentencesOf(blocks[0]!)[0] ?? '') : '';
  const sentences = blocks.flatMap((block) => sentencesOf(block));
  const whole = blocks.join(' ');
  const firstJudged = wanted.some((sentence) => isJudged(first, sentence));
  const anyJudged = wanted.some(
    (sentence) => whole.includes(sentence) || sentences.some((quoted) => isJudged(quoted, sentence)),
  );
  const cited = [...new Set([...answer.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])))];
  const citedRelevant = cited.filter((n) => hits[n - 1] && isRelevant(hits[n - 1]!.knowledge_id)).length;
  const markup = MARKUP.exec(normalise(outsideCode(answer)));
  const noAnswer = answer.trim() === NO_ANSWER;

  if (firstJudged) totals.firstJudged++;
  if (anyJudged) totals.anyJudged++;
  totals.groupsRelevant += citedRelevant;
  totals.groupsOther += cited.length - citedRelevant;
  if (markup) totals.markup++;
  if (noAnswer) totals.noAnswer++;
  if (hits.slice(0, sources.length).some((hit) => isRelevant(hit.knowledge_id))) totals.relevantSource++;
  if (sources.some((source) => wanted.some((sentence) => normalise(source.text).includes(sentence))))
    totals.judgedInSources++;

  if (args.show) {
    console.log(`\n## ${question}`);
    for (const source of sources) {
      const page = pageOf.get(hits[source.n - 1]!.knowledge_id) ?? '?';
      console.log(`  [${source.n}] ${page}${relevant.has(page) ? ' (relevant)' : ''} › ${source.heading}`);
    }
    console.log(`\n${answer}\n`);
    console.log(`  first quoted sentence: ${first || '(none)'}`);
    const mark = (yes: boolean) => (yes ? 'yes' : 'no');
    console.log(
      `  first sentence judged: ${mark(firstJudged)}; a judged sentence: ${mark(anyJudged)}; ` +
        `groups ${citedRelevant} relevant, ${cited.length - citedRelevant} not` +
        `${markup ? `; markup: ${markup[0]}` : ''}${noAnswer ? '; no-answer text' : ''}`,
    );
  }
}

const count = questions.length;
const groups = totals.groupsRelevant + totals.groupsOther;
const row = (label: string, value: number, of: number) =>
  console.log(`${label.padEnd(48)} ${`${value}/${of}`.padStart(7)}  ${(of ? value / of : 0).toFixed(2).padStart(5)}`);
console.log(
  `\n${count} questions over ${pageOf.size} pages; extractive answers from the AI search's sources ` +
    `(${((Date.now() - started) / 1000).toFixed(1)} s).\n`,
);
console.log(`${'measure'.padEnd(48)} ${'count'.padStart(7)}  share`);
row('first quoted sentence is a judged sentence', totals.firstJudged, count);
row('a judged sentence anywhere in the answer', totals.anyJudged, count);
row('cited groups citing a relevant page', totals.groupsRelevant, groups);
row('cited groups citing a page that is not', totals.groupsOther, groups);
row('answers with markup (HTML tags, entities)', totals.markup, count);
row('answers that are the no-answer text', totals.noAnswer, count);
row('questions with nothing found (404)', totals.notFound, count);
console.log('For context, what the writer had to work with:');
row('  a relevant page among the sources', totals.relevantSource, count);
row('  a judged sentence in the sources’ text', totals.judgedInSources, count);
if (acrossPassages > 0)
  console.log(`(${acrossPassages} judged sentences run across two passages: an answer can quote them only in part.)`);
await database.close();
