import { sql } from 'kysely';
import { KNOWLEDGE_PAGE_SIZE } from '../../common/knowledge';
import type { Executor } from './executor';
import { POSTING_KIND, SEARCH_KIND } from './search-index';

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

/** A field outweighs any BM25 weight: a group's best match packs both into one number, field * FIELD_SCALE + weight. */
const FIELD_SCALE = 1000;

/** Stores an item's words; a trigger keeps the account's vocabulary and its spelling variants in step. */
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

/** The account's words with any of these deletion variants (see deletionVariants), with how many items use each. */
export async function spellingCandidates(db: Executor, accountId: string, variants: string[]) {
  if (variants.length === 0) return [];
  const result = await sql<{ word: string; items: number }>`
    SELECT v.word, v.items
    FROM (
      SELECT DISTINCT word FROM search_vocabulary_variants
      WHERE account_id = ${accountId} AND variant = ANY(${variants}::text[])
    ) AS found
    JOIN search_vocabulary v ON v.account_id = ${accountId} AND v.word = found.word
  `.execute(db);
  return result.rows.map((row) => ({ word: row.word, items: Number(row.items) }));
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

/** BM25's rarity of a term found in `df` of `n` items. */
const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** How many items the account has indexed, and in how many of them each term is (search_stats, search_term_stats). */
async function termRarity(db: Executor, accountId: string, terms: string[]) {
  const result = await sql<{ items: number; term: string | null; df: number | null }>`
    SELECT s.rows AS items, t.term, t.rows AS df
    FROM search_stats s
    LEFT JOIN search_term_stats t ON t.account_id = s.account_id AND t.kind = ${POSTING_KIND.item} AND t.term = ANY(${terms}::text[])
    WHERE s.account_id = ${accountId} AND s.kind = ${SEARCH_KIND.outline}
  `.execute(db);
  const items = Number(result.rows[0]?.items ?? 0);
  const df = new Map(result.rows.flatMap((row) => (row.term === null ? [] : [[row.term, Number(row.df)] as const])));
  return { items, df };
}

/** A group's best match per item: its best (field, weight) pair, packed, from whole-item postings `t` and terms `q`. */
const bestMatch = sql`max(floor(t.keyword_rank) * ${sql.lit(FIELD_SCALE)} + q.weight * (t.keyword_rank - floor(t.keyword_rank)))`;
const fieldOf = (packed: string) => sql`floor(${sql.ref(packed)} / ${sql.lit(FIELD_SCALE)})`;
const weightOf = (packed: string) => sql`(${sql.ref(packed)} - ${fieldOf(packed)} * ${sql.lit(FIELD_SCALE)})`;

/**
 * One page of the ids of the account's items that match every required group
 * (each by any of its terms, anywhere in the item). By relevance: the sum over
 * matched groups of where each matched best (title 3, tags 2, text 1; half for
 * optional groups), then the sum of those matches' BM25 weights (the term's
 * rarity in the account, times the factor, times the whole-item posting's
 * impact), then newest; by newest: last changed first. Ties end on the id, so
 * pages never overlap. A group's best match is its term with the best field,
 * then weight; every whole-item posting carries both as its keyword_rank.
 *
 * A search for one word (with its completions), and no word left out, reads
 * each term's best postings in keyword_rank order from an index and stops after
 * the page: an item's group score is one of its terms' postings, so the page's
 * items are among the first (page end) of some term's, ties included. Any other
 * search takes every item with its rarest required group and scores those.
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
  const allTerms = [...new Set(match.groups.flatMap((group) => group.terms.map(({ term }) => term)))];
  const { items, df } = await termRarity(db, accountId, allTerms);
  // Required groups come first, so "group number < required" tells them apart; terms no item has are dropped.
  const ordered = [...match.groups.filter((g) => g.required), ...match.groups.filter((g) => !g.required)].map(
    (group) => ({ ...group, terms: group.terms.filter(({ term }) => (df.get(term) ?? 0) > 0) }),
  );
  const required = ordered.filter((g) => g.required).length;
  if (ordered.slice(0, required).some((group) => group.terms.length === 0)) return [];
  const rows = ordered.flatMap((group, index) =>
    group.terms.map(({ term, factor }) => ({ index, term, weight: factor * idf(items, df.get(term)!) })),
  );
  if (rows.length === 0) return [];

  if (ordered.length === 1 && match.excludedTerms.length === 0 && match.sort === 'relevance') {
    // Enough of each term's best postings for the page; WITH TIES keeps every item tied with the last.
    const enough = sql.lit((page + 1) * KNOWLEDGE_PAGE_SIZE);
    const tagged = match.tags.length === 0 ? sql`` : sql`JOIN knowledge k ON k.id = t.knowledge_id ${withTags(match.tags)}`;
    const result = await sql<{ id: string }>`
      WITH q (term, weight) AS (
        SELECT * FROM unnest(${rows.map((r) => r.term)}::text[], ${rows.map((r) => r.weight)}::float8[])
      ), hits AS (
        SELECT t.knowledge_id, ${bestMatch} AS best
        FROM q CROSS JOIN LATERAL (
          SELECT t.knowledge_id, t.keyword_rank FROM search_terms t ${tagged}
          WHERE t.account_id = ${accountId} AND t.term = q.term AND t.kind = ${POSTING_KIND.item}
          ORDER BY t.keyword_rank DESC NULLS LAST
          FETCH FIRST ${enough} ROWS WITH TIES
        ) t
        GROUP BY t.knowledge_id
      )
      SELECT k.id FROM hits h JOIN knowledge k ON k.id = h.knowledge_id
      ORDER BY ${fieldOf('h.best')} DESC, round(${weightOf('h.best')}::numeric, 6) DESC, k.updated_at DESC, k.id DESC
      ${limit}
    `.execute(db);
    return result.rows.map((row) => row.id);
  }

  // The required group in the fewest items finds the candidates; every group's terms are then looked up for them.
  const driver = ordered
    .slice(0, required)
    .reduce((best, group) => (total(group, df) < total(best, df) ? group : best));
  const order =
    match.sort === 'newest'
      ? sql`k.updated_at DESC, k.id DESC`
      : sql`h.field_score DESC, h.weight DESC, k.updated_at DESC, k.id DESC`;
  const result = await sql<{ id: string }>`
    WITH q (grp, term, weight) AS (
      SELECT * FROM unnest(${rows.map((r) => r.index)}::int[], ${rows.map((r) => r.term)}::text[], ${rows.map((r) => r.weight)}::float8[])
    ), candidates AS MATERIALIZED (
      SELECT DISTINCT knowledge_id FROM search_terms
      WHERE account_id = ${accountId} AND kind = ${POSTING_KIND.item} AND term = ANY(${driver.terms.map((t) => t.term)}::text[])
    ), group_hits AS (
      SELECT t.knowledge_id, q.grp, ${bestMatch} AS best
      FROM candidates c
      JOIN search_terms t ON t.knowledge_id = c.knowledge_id AND t.term = ANY(${allTerms}::text[]) AND t.kind = ${POSTING_KIND.item}
      JOIN q ON q.term = t.term
      GROUP BY t.knowledge_id, q.grp
    ), item_hits AS (
      SELECT g.knowledge_id,
        count(*) FILTER (WHERE g.grp < ${required}) AS required_hits,
        sum(${fieldOf('g.best')} * CASE WHEN g.grp < ${required} THEN 1 ELSE 0.5 END) AS field_score,
        -- Rounded so a float sum added up in another order cannot reorder pages.
        round(sum(${weightOf('g.best')})::numeric, 6) AS weight
      FROM group_hits g
      GROUP BY g.knowledge_id
    )
    SELECT k.id FROM item_hits h JOIN knowledge k ON k.id = h.knowledge_id
    WHERE h.required_hits = ${required} AND k.account_id = ${accountId} ${filters}
    ORDER BY ${order} ${limit}
  `.execute(db);
  return result.rows.map((row) => row.id);
}

/** How many items have any of a group's terms, at most (the sum of their counts). */
const total = (group: TermGroup, df: Map<string, number>) =>
  group.terms.reduce((sum, { term }) => sum + (df.get(term) ?? 0), 0);
