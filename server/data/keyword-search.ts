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
 * The account's words as search offers them (decision 47), each with its term's count of
 * items: of each term some item holds, the term when it is written as a word, and the words
 * written otherwise (its forms). `match` narrows them: `rows` by a term's offered words
 * (`search_offered_words`, each after a space: what the trigram index holds), `word` each word.
 */
export function offeredWords(
  accountId: string,
  match: {
    rows: (offered: RawBuilder<string>) => RawBuilder<boolean>;
    word: (word: RawBuilder<string>) => RawBuilder<boolean>;
  },
) {
  const offered = sql<string>`search_offered_words(c.term, c.written, c.forms)`;
  return sql<{ word: string; items: number }>`
    SELECT w.word, max(c.items) AS items FROM search_term_counts c
    CROSS JOIN LATERAL unnest(string_to_array(ltrim(${offered}), ' ')) AS w (word)
    WHERE c.account_key = ${accountKey(accountId)} AND (c.written OR c.forms IS NOT NULL) AND c.items > 0
      AND ${match.rows(offered)} AND ${match.word(sql.ref<string>('w.word'))}
    GROUP BY w.word
  `;
}

/** A LIKE pattern's text matched as it is: its wildcards and escape character escaped. */
const likeText = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The account's words that start with `prefix`, those used by most items first. */
export async function wordsStartingWith(db: Executor, accountId: string, prefix: string, limit: number) {
  const result = await sql<{ word: string }>`
    SELECT word FROM (${offeredWords(accountId, {
      // A word starts after a space: the trigram index finds the rows with one starting so.
      rows: (offered) => sql<boolean>`${offered} LIKE ${`% ${likeText(prefix)}%`}`,
      word: (word) => sql<boolean>`starts_with(${word}, ${prefix})`,
    })}) w ORDER BY items DESC, word LIMIT ${limit}
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

/** The account's words most alike to `word` (through the trigram index of the offered words), with how many items use each one's term. */
export async function spellingCandidates(db: Executor, accountId: string, word: string) {
  const read = async (trx: Executor) => {
    // For this transaction only: the thresholds the operators (and so the index) go by. A row
    // is read when one of its words is that alike (<<%, strict word similarity), then each word.
    await sql`SET LOCAL pg_trgm.similarity_threshold = ${sql.lit(SPELLING_SIMILARITY)}`.execute(trx);
    await sql`SET LOCAL pg_trgm.strict_word_similarity_threshold = ${sql.lit(SPELLING_SIMILARITY)}`.execute(trx);
    const result = await sql<{ word: string; items: number }>`
      SELECT word, items FROM (${offeredWords(accountId, {
        rows: (offered) => sql<boolean>`${word} <<% ${offered}`,
        word: (candidate) => sql<boolean>`${candidate} % ${word}`,
      })}) w
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
