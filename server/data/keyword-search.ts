import { sql } from 'kysely';
import { KNOWLEDGE_PAGE_SIZE } from '../../common/knowledge';
import type { Executor } from './executor';
import { POSTING_KIND } from './search-index';

/** One word of a search: any of its terms satisfies it; `factor` scales a term's BM25 (prefix completions count less). */
export interface TermGroup {
  terms: Array<{ term: string; factor: number }>;
  /** Must the item match this group? Stop words in a query with other words only help the ranking. */
  required: boolean;
}

/** What the list asks for: words to match, words to leave out, tags that must all be there, order and page. */
export interface KeywordMatch {
  accountId: string;
  groups: TermGroup[];
  excludedTerms: string[];
  tags: string[];
  sort: 'relevance' | 'newest';
  page: number;
}

/** What an item contributes to its account's vocabulary, and the terms of its title and tags. */
export interface ItemWords {
  words: string[];
  titleTerms: string[];
  tagTerms: string[];
}

/** BM25's usual constants, as the AI search's ranking uses them. */
const K1 = 1.2;
const B = 0.75;

/** Stores an item's words; a trigger keeps the account's vocabulary and its trigrams in step. */
export async function replaceItemWords(db: Executor, item: { id: string; account_id: string }, words: ItemWords) {
  await sql`
    INSERT INTO search_item_words (knowledge_id, account_id, words, title_terms, tag_terms)
    VALUES (${item.id}, ${item.account_id}, ${words.words}::text[], ${words.titleTerms}::text[], ${words.tagTerms}::text[])
    ON CONFLICT (knowledge_id) DO UPDATE
    SET words = excluded.words, title_terms = excluded.title_terms, tag_terms = excluded.tag_terms
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
    SELECT DISTINCT term FROM search_term_stats WHERE account_id = ${accountId} AND term = ANY(${terms}::text[])
  `.execute(db);
  return new Set(result.rows.map((row) => row.term));
}

/** Which of these words the account uses, with how many items use each. */
export async function vocabularyWords(db: Executor, accountId: string, words: string[]) {
  if (words.length === 0) return [];
  const result = await sql<{ word: string; items: number }>`
    SELECT word, items FROM search_vocabulary WHERE account_id = ${accountId} AND word = ANY(${words}::text[])
  `.execute(db);
  return result.rows.map((row) => ({ word: row.word, items: Number(row.items) }));
}

/** The account's words most like `word` by shared trigrams (pg_trgm's similarity), with how many items use each. */
export async function spellingCandidates(db: Executor, accountId: string, word: string, limit: number) {
  const result = await sql<{ word: string; items: number; similarity: number }>`
    WITH wanted AS (SELECT search_word_grams(${word}) AS grams),
    shared AS (
      SELECT g.word, count(*) AS shared
      FROM search_vocabulary_grams g, wanted
      WHERE g.account_id = ${accountId} AND g.gram = ANY(wanted.grams)
      GROUP BY g.word
    )
    SELECT s.word, v.items,
      s.shared::float8 / (cardinality(search_word_grams(s.word)) + cardinality(wanted.grams) - s.shared) AS similarity
    FROM shared s
    JOIN search_vocabulary v ON v.account_id = ${accountId} AND v.word = s.word
    CROSS JOIN wanted
    ORDER BY similarity DESC, v.items DESC, s.word
    LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => ({ ...row, items: Number(row.items), similarity: Number(row.similarity) }));
}

/**
 * Leaves out items with any of the excluded terms anywhere in their index: the
 * set is read once from the terms' postings (per item it was re-read for every candidate).
 */
const withoutExcluded = (accountId: string, terms: string[]) =>
  terms.length === 0
    ? sql``
    : sql`AND k.id NOT IN (
        SELECT knowledge_id FROM search_terms WHERE account_id = ${accountId} AND term = ANY(${terms}::text[]))`;

const withTags = (tags: string[]) => (tags.length === 0 ? sql`` : sql`AND k.tags @> ${tags}::text[]`);

/**
 * One page of the ids of the account's items that match every required group
 * (each by any of its terms, anywhere in the item). By relevance: the sum over
 * matched groups of where each matched best (title 3, tags 2, text 1; half for
 * optional groups), then BM25 over the best passage per group, then newest;
 * by newest: last changed first. Ties end on the id, so pages never overlap.
 */
export async function matchKnowledgeIds(db: Executor, match: KeywordMatch): Promise<string[]> {
  const { accountId, page } = match;
  const limit = sql`LIMIT ${KNOWLEDGE_PAGE_SIZE} OFFSET ${page * KNOWLEDGE_PAGE_SIZE}`;
  const filters = sql`${withTags(match.tags)} ${withoutExcluded(accountId, match.excludedTerms)}`;
  if (match.groups.length === 0) {
    const result = await sql<{ id: string }>`
      SELECT k.id FROM knowledge k WHERE k.account_id = ${accountId} ${filters}
      ORDER BY k.updated_at DESC, k.id DESC ${limit}
    `.execute(db);
    return result.rows.map((row) => row.id);
  }
  // Required groups come first, so "group number < required" tells them apart.
  const ordered = [...match.groups.filter((g) => g.required), ...match.groups.filter((g) => !g.required)];
  const required = ordered.filter((g) => g.required).length;
  const rows = ordered.flatMap((group, index) => group.terms.map(({ term, factor }) => ({ index, term, factor })));
  const order =
    match.sort === 'newest'
      ? sql`k.updated_at DESC, k.id DESC`
      : sql`h.field_score DESC, h.bm25 DESC, k.updated_at DESC, k.id DESC`;
  const result = await sql<{ id: string }>`
    WITH q (grp, term, factor) AS (
      SELECT * FROM unnest(${rows.map((r) => r.index)}::int[], ${rows.map((r) => r.term)}::text[], ${rows.map((r) => r.factor)}::float8[])
    ), stats AS MATERIALIZED (
      -- Once: inlined, the planner may recount the account's passages for every posting.
      SELECT count(*)::float8 AS n, coalesce(avg(length), 1)::float8 AS avgdl
      FROM search_passages WHERE account_id = ${accountId}
    ), postings AS (
      -- The outline's and the passages' postings: the whole item's repeat the passages'.
      SELECT term, frequency, knowledge_id, length, count(*) OVER (PARTITION BY term)::float8 AS df
      FROM search_terms
      WHERE account_id = ${accountId} AND term = ANY(${[...new Set(rows.map((r) => r.term))]}::text[])
        AND kind <> ${POSTING_KIND.item}
    ), group_hits AS (
      SELECT po.knowledge_id, q.grp, array_agg(DISTINCT po.term) AS terms,
        max(q.factor * ln(1 + (stats.n - po.df + 0.5) / (po.df + 0.5)) * po.frequency * ${sql.lit(K1 + 1)}
          / (po.frequency + ${sql.lit(K1)} * (1 - ${sql.lit(B)} + ${sql.lit(B)} * po.length / stats.avgdl))) AS bm25
      FROM postings po JOIN q ON q.term = po.term CROSS JOIN stats
      GROUP BY po.knowledge_id, q.grp
    ), item_hits AS (
      SELECT g.knowledge_id,
        count(*) FILTER (WHERE g.grp < ${required}) AS required_hits,
        sum(CASE WHEN g.terms && w.title_terms THEN 3 WHEN g.terms && w.tag_terms THEN 2 ELSE 1 END
          * CASE WHEN g.grp < ${required} THEN 1 ELSE 0.5 END) AS field_score,
        -- Rounded so a float sum added up in another order cannot reorder pages.
        round(sum(g.bm25)::numeric, 6) AS bm25
      FROM group_hits g LEFT JOIN search_item_words w ON w.knowledge_id = g.knowledge_id
      GROUP BY g.knowledge_id
    )
    SELECT k.id FROM item_hits h JOIN knowledge k ON k.id = h.knowledge_id
    WHERE h.required_hits = ${required} AND k.account_id = ${accountId} ${filters}
    ORDER BY ${order} ${limit}
  `.execute(db);
  return result.rows.map((row) => row.id);
}
