import { sql, type RawBuilder } from 'kysely';
import { KNOWLEDGE_PAGE_SIZE } from '../../common/knowledge';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Executor } from './executor';
import { accountKey, itemConditions, type ItemFilters } from './search-index';

/** One word of a search: any of its terms satisfies it; `factor` scales a term's BM25 (prefix completions count less). */
export interface TermGroup {
  terms: Array<{ term: string; factor: number }>;
  /** Must the item match this group? Stop words in a query with other words only help the ranking. */
  required: boolean;
}


/**
 * The account's words as search offers them, each with its term's count of items: the
 * terms some item writes as they are, and the vocabulary's words written otherwise whose
 * term some item still has (words stay in the vocabulary when their items go).
 * `condition` narrows them, given the column that holds the word.
 */
export function offeredWords(accountId: string, condition: (word: RawBuilder<string>) => RawBuilder<boolean>) {
  const term = sql.ref<string>('c.term');
  const word = sql.ref<string>('v.word');
  const key = accountKey(accountId);
  return sql<{ word: string; items: number }>`
    SELECT c.term AS word, c.items FROM search_term_counts c
    WHERE c.account_key = ${key} AND c.written AND c.items > 0 AND ${condition(term)}
    UNION ALL
    SELECT v.word, c.items FROM search_vocabulary v
    JOIN search_term_counts c ON c.account_key = v.account_key AND c.term = v.term
    WHERE v.account_key = ${key} AND c.items > 0 AND ${condition(word)}
  `;
}

/** The account's words that start with `prefix`, those used by most items first. */
export async function wordsStartingWith(db: Executor, accountId: string, prefix: string, limit: number) {
  // Byte order (COLLATE "C"): every word starting with the prefix lies in [prefix, prefix with its last character + 1).
  const chars = [...prefix];
  const next = chars.pop()!.codePointAt(0)! + 1;
  // The next character; surrogates are not characters, so one past U+D7FF is U+E000.
  const end = chars.join('') + String.fromCodePoint(next >= 0xd800 && next < 0xe000 ? 0xe000 : next);
  const starting = (word: RawBuilder<string>) =>
    sql<boolean>`${word} >= ${prefix} AND ${word} < ${end} AND starts_with(${word}, ${prefix})`;
  const result = await sql<{ word: string }>`
    SELECT word FROM (${offeredWords(accountId, starting)}) w ORDER BY items DESC, word LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => row.word);
}

/** Which of these terms occur anywhere in the account's index. */
export async function existingTerms(db: Executor, accountId: string, terms: string[]): Promise<Set<string>> {
  if (terms.length === 0) return new Set();
  const result = await sql<{ term: string }>`
    SELECT term FROM search_term_counts
    WHERE account_key = ${accountKey(accountId)} AND term = ANY(${terms}::text[]) AND items > 0
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

/** The account's words most alike to `word` (through the trigram indexes of both kinds of word), with how many items use each one's term. */
export async function spellingCandidates(db: Executor, accountId: string, word: string) {
  const read = async (trx: Executor) => {
    // For this transaction only: the threshold the % operator (and so the indexes) go by.
    await sql`SET LOCAL pg_trgm.similarity_threshold = ${sql.lit(SPELLING_SIMILARITY)}`.execute(trx);
    const alike = (candidate: RawBuilder<string>) => sql<boolean>`${candidate} % ${word}`;
    const result = await sql<{ word: string; items: number }>`
      SELECT word, items FROM (${offeredWords(accountId, alike)}) w
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
