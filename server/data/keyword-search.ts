import { sql } from 'kysely';
import { KNOWLEDGE_PAGE_SIZE } from '../../common/knowledge';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Executor } from './executor';
import { itemConditions, type ItemFilters } from './search-index';

/** One word of a search: any of its terms satisfies it; `factor` scales a term's BM25 (prefix completions count less). */
export interface TermGroup {
  terms: Array<{ term: string; factor: number }>;
  /** Must the item match this group? Stop words in a query with other words only help the ranking. */
  required: boolean;
}


/**
 * Adds an item's words (with the terms they are indexed by) to its account's
 * vocabulary: only words new to it, or whose term changed with the analyzer, are
 * written. In word order, so concurrent saves take their rows in the same order.
 */
export async function addVocabularyWords(db: Executor, accountId: string, words: Array<{ word: string; term: string }>) {
  if (words.length === 0) return;
  const sorted = [...words].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  await sql`
    INSERT INTO search_vocabulary AS v (account_id, word, term)
    SELECT ${accountId}, w.word, w.term
    FROM unnest(${sorted.map((w) => w.word)}::text[], ${sorted.map((w) => w.term)}::text[]) WITH ORDINALITY AS w (word, term, n)
    WHERE NOT EXISTS (
      SELECT 1 FROM search_vocabulary known
      WHERE known.account_id = ${accountId} AND known.word = w.word AND known.term = w.term
    )
    ORDER BY w.n
    ON CONFLICT (account_id, word) DO UPDATE SET term = excluded.term
  `.execute(db);
}

/**
 * The account's words as search offers them: only those whose term some item still
 * has, with that term's count of items (words stay in the vocabulary when their
 * items go; a count is kept per term, in search_term_counts).
 */
const offeredWords = (db: Executor, accountId: string) =>
  db
    .selectFrom('search_vocabulary as v')
    .innerJoin('search_term_counts as c', (join) =>
      join.onRef('c.account_id', '=', 'v.account_id').onRef('c.term', '=', 'v.term'),
    )
    .where('v.account_id', '=', accountId)
    .where('c.items', '>', 0);

/** The account's words that start with `prefix`, those used by most items first. */
export async function wordsStartingWith(db: Executor, accountId: string, prefix: string, limit: number) {
  // Byte order (COLLATE "C"): every word starting with the prefix lies in [prefix, prefix with its last character + 1).
  const chars = [...prefix];
  const next = chars.pop()!.codePointAt(0)! + 1;
  // The next character; surrogates are not characters, so one past U+D7FF is U+E000.
  const end = chars.join('') + String.fromCodePoint(next >= 0xd800 && next < 0xe000 ? 0xe000 : next);
  const rows = await offeredWords(db, accountId)
    .select('v.word')
    .where('v.word', '>=', prefix)
    .where('v.word', '<', end)
    .where(sql<boolean>`starts_with(v.word, ${prefix})`)
    .orderBy('c.items', 'desc')
    .orderBy('v.word')
    .limit(limit)
    .execute();
  return rows.map((row) => row.word);
}

/** Which of these terms occur anywhere in the account's index. */
export async function existingTerms(db: Executor, accountId: string, terms: string[]): Promise<Set<string>> {
  if (terms.length === 0) return new Set();
  const result = await sql<{ term: string }>`
    SELECT term FROM search_term_counts WHERE account_id = ${accountId} AND term = ANY(${terms}::text[]) AND items > 0
  `.execute(db);
  return new Set(result.rows.map((row) => row.term));
}

/**
 * How alike (pg_trgm's similarity: shared trigrams over all) a workspace word must be
 * to a misspelt one to be a candidate: low enough that one edit in a four-letter word
 * passes ("wifi", "wiff": 0.43), the edit distance deciding after.
 */
const SPELLING_SIMILARITY = 0.25;
/** Candidates read for one misspelt word, the most alike first. */
const SPELLING_CANDIDATES = 30;

/** The account's words most alike to `word` (through the vocabulary's trigram index), with how many items use each one's term. */
export async function spellingCandidates(db: Executor, accountId: string, word: string) {
  const read = async (trx: Executor) => {
    // For this transaction only: the threshold the % operator (and so the index) goes by.
    await sql`SET LOCAL pg_trgm.similarity_threshold = ${sql.lit(SPELLING_SIMILARITY)}`.execute(trx);
    const rows = await offeredWords(trx, accountId)
      .select(['v.word', 'c.items'])
      .where(sql<boolean>`v.word % ${word}`)
      .orderBy(sql`similarity(v.word, ${word})`, 'desc')
      .orderBy('c.items', 'desc')
      .orderBy('v.word')
      .limit(SPELLING_CANDIDATES)
      .execute();
    return rows.map((row) => ({ word: row.word, items: Number(row.items) }));
  };
  return db.isTransaction ? read(db) : (db as Kysely<DB>).transaction().execute(read);
}

/**
 * One page of the ids of the account's items that pass `filters` (terms required,
 * left out, tags), newest first (ties end on the id, so pages never overlap).
 */
export async function newestMatchingIds(
  db: Executor,
  match: { accountId: string; filters: ItemFilters; page: number },
): Promise<string[]> {
  const { accountId } = match;
  const result = await sql<{ id: string }>`
    SELECT k.id FROM knowledge k
    WHERE k.account_id = ${accountId} AND ${itemConditions(accountId, 'k.id', match.filters)}
    ORDER BY k.updated_at DESC, k.id DESC
    LIMIT ${KNOWLEDGE_PAGE_SIZE} OFFSET ${match.page * KNOWLEDGE_PAGE_SIZE}
  `.execute(db);
  return result.rows.map((row) => row.id);
}
