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


/** Stores an item's words; a trigger keeps the account's vocabulary and its spelling variants in step. */
export async function replaceItemWords(db: Executor, item: { id: string; account_id: string }, words: string[]) {
  await sql`
    INSERT INTO search_item_words (knowledge_id, account_id, words)
    VALUES (${item.id}, ${item.account_id}, ${words}::text[])
    ON CONFLICT (knowledge_id) DO UPDATE SET words = excluded.words
  `.execute(db);
}

/** The account's words that start with `prefix`, those used by most items first. */
export async function wordsStartingWith(db: Executor, accountId: string, prefix: string, limit: number) {
  // Byte order (COLLATE "C"): every word starting with the prefix lies in [prefix, prefix with its last character + 1).
  const chars = [...prefix];
  const next = chars.pop()!.codePointAt(0)! + 1;
  // The next character; surrogates are not characters, so one past U+D7FF is U+E000.
  const end = chars.join('') + String.fromCodePoint(next >= 0xd800 && next < 0xe000 ? 0xe000 : next);
  const result = await sql<{ word: string }>`
    SELECT word FROM search_vocabulary
    WHERE account_id = ${accountId} AND word >= ${prefix} AND word < ${end} AND starts_with(word, ${prefix})
    ORDER BY items DESC, word LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => row.word);
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

/** The account's words most alike to `word` (through the vocabulary's trigram index), with how many items use each. */
export async function spellingCandidates(db: Executor, accountId: string, word: string) {
  const read = async (trx: Executor) => {
    // For this transaction only: the threshold the % operator (and so the index) goes by.
    await sql`SET LOCAL pg_trgm.similarity_threshold = ${sql.lit(SPELLING_SIMILARITY)}`.execute(trx);
    const result = await sql<{ word: string; items: number }>`
      SELECT word, items FROM search_vocabulary
      WHERE account_id = ${accountId} AND word % ${word}
      ORDER BY similarity(word, ${word}) DESC, items DESC, word LIMIT ${SPELLING_CANDIDATES}
    `.execute(trx);
    return result.rows.map((row) => ({ word: row.word, items: Number(row.items) }));
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
