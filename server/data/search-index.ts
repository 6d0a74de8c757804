import { sql } from 'kysely';
import type { Executor } from './executor';

/** What an index row holds: an item's outline (title, tags, headings), or a passage of its body. */
export const SEARCH_KIND = { outline: 0, body: 1 } as const;

/** A row ready to store: its text, weighted length, and weighted term frequencies. */
export interface IndexedPassage {
  kind: (typeof SEARCH_KIND)[keyof typeof SEARCH_KIND];
  heading: string;
  body: string;
  length: number;
  terms: Map<string, number>;
}

/** An item that matched a search, with its best passage and its fused score. */
export interface RankedPassage {
  knowledge_id: string;
  short_id: string;
  title: string;
  passage_id: string;
  heading: string;
  body: string;
  score: number;
}

/** BM25's term-frequency saturation and length normalisation, at their usual values. */
const K1 = 1.2;
const B = 0.75;

/** Replaces an item's passages and terms, and records the analyzer version it was indexed with. */
export async function replaceItemIndex(
  trx: Executor,
  item: { id: string; account_id: string },
  passages: IndexedPassage[],
  version: number,
): Promise<void> {
  await trx.deleteFrom('search_passages').where('knowledge_id', '=', item.id).execute();
  // Every row carries the length of the item's whole body, for the item-level ranking.
  const itemLength = passages.reduce((sum, passage) => sum + (passage.kind === SEARCH_KIND.body ? passage.length : 0), 0);
  if (passages.length > 0) {
    const stored = await trx
      .insertInto('search_passages')
      .values(
        passages.map((passage, position) => ({
          knowledge_id: item.id,
          account_id: item.account_id,
          position,
          kind: passage.kind,
          heading: passage.heading,
          body: passage.body,
          length: passage.length,
          item_length: Math.max(itemLength, 1),
        })),
      )
      .returning('id')
      .execute();
    const rows = passages.flatMap((passage, i) =>
      [...passage.terms].map(([term, frequency]) => ({
        account_id: item.account_id,
        term,
        passage_id: stored[i]!.id,
        frequency,
      })),
    );
    // Batches keep each statement well under the protocol's parameter limit.
    for (let start = 0; start < rows.length; start += 5000) {
      await trx.insertInto('search_terms').values(rows.slice(start, start + 5000)).execute();
    }
  }
  await trx.updateTable('knowledge').set({ search_version: version }).where('id', '=', item.id).execute();
}

/**
 * How much each ranking counts in the fused score. Each is BM25 (term rarity in
 * the account, saturated term frequency, length normalisation) over a different
 * unit: the best passage (the part that answers), the whole item (an item about
 * the question throughout beats one that mentions it once), and the outline
 * (an item whose title and headings name the question is about it).
 */
const FUSION = { passage: 0.5, item: 0.5, outline: 0.15 } as const;

/** BM25's rarity of a term found in `df` of `n` units. */
const idf = (n: string, df: string) =>
  sql`ln(1 + (${sql.ref(n)} - ${sql.ref(df)} + 0.5) / (${sql.ref(df)} + 0.5))`;
/** BM25's saturated, length-normalised term frequency. */
const saturated = (tf: string, length: string, average: string) =>
  sql`${sql.ref(tf)} * ${sql.lit(K1 + 1)} / (${sql.ref(tf)} + ${sql.lit(K1)} * (1 - ${sql.lit(B)} + ${sql.lit(B)} * ${sql.ref(length)} / ${sql.ref(average)}))`;

/**
 * The matching items, best first, each with its best passage. Three BM25
 * rankings (see FUSION), each scaled by its best score, are summed; statistics
 * come from search_stats, the matching rows from the inverted index.
 */
export async function rankPassages(db: Executor, accountId: string, terms: string[], limit: number): Promise<RankedPassage[]> {
  if (terms.length === 0) return [];
  const result = await sql<RankedPassage>`
    WITH stats AS MATERIALIZED (
      SELECT
        coalesce(max(rows) FILTER (WHERE kind = ${SEARCH_KIND.body}), 0)::float8 AS passages,
        coalesce(max(length / greatest(rows, 1)) FILTER (WHERE kind = ${SEARCH_KIND.body}), 1)::float8 AS passage_length,
        coalesce(max(rows) FILTER (WHERE kind = ${SEARCH_KIND.outline}), 0)::float8 AS items,
        coalesce(max(length / greatest(rows, 1)) FILTER (WHERE kind = ${SEARCH_KIND.outline}), 1)::float8 AS outline_length,
        coalesce(max(length) FILTER (WHERE kind = ${SEARCH_KIND.body}) / greatest(max(rows) FILTER (WHERE kind = ${SEARCH_KIND.outline}), 1), 1)::float8 AS item_length_average
      FROM search_stats WHERE account_id = ${accountId}
    ), hits AS MATERIALIZED (
      SELECT t.term, t.frequency AS tf, t.passage_id, p.knowledge_id, p.kind, p.length, p.item_length
      FROM search_terms t JOIN search_passages p ON p.id = t.passage_id
      WHERE t.account_id = ${accountId} AND t.term = ANY(${terms}::text[])
    ), df AS MATERIALIZED (
      SELECT term,
        count(*) FILTER (WHERE kind = ${SEARCH_KIND.body})::float8 AS passages,
        count(DISTINCT knowledge_id) FILTER (WHERE kind = ${SEARCH_KIND.body})::float8 AS items,
        count(*) FILTER (WHERE kind = ${SEARCH_KIND.outline})::float8 AS outlines
      FROM hits GROUP BY term
    ), weighted AS MATERIALIZED (
      SELECT h.*, df.passages AS passage_df, df.items AS item_df, df.outlines AS outline_df, stats.*
      FROM hits h JOIN df USING (term) CROSS JOIN stats
    ), passage_scores AS MATERIALIZED (
      SELECT knowledge_id, passage_id,
        sum(${idf('passages', 'passage_df')} * ${saturated('tf', 'length', 'passage_length')}) AS score
      FROM weighted WHERE kind = ${SEARCH_KIND.body}
      GROUP BY knowledge_id, passage_id
    ), item_terms AS MATERIALIZED (
      SELECT knowledge_id, term, sum(tf) AS tf, max(item_length) AS length, max(item_df) AS df,
        max(items) AS items, max(item_length_average) AS average
      FROM weighted WHERE kind = ${SEARCH_KIND.body}
      GROUP BY knowledge_id, term
    ), item_scores AS MATERIALIZED (
      SELECT knowledge_id, sum(${idf('items', 'df')} * ${saturated('tf', 'length', 'average')}) AS score
      FROM item_terms GROUP BY knowledge_id
    ), outline_scores AS MATERIALIZED (
      SELECT knowledge_id, sum(${idf('items', 'outline_df')} * ${saturated('tf', 'length', 'outline_length')}) AS score
      FROM weighted WHERE kind = ${SEARCH_KIND.outline}
      GROUP BY knowledge_id
    ), per_item AS MATERIALIZED (
      -- One row per item from the three rankings, by grouping rather than joining.
      SELECT knowledge_id,
        (array_agg(passage_id ORDER BY passage DESC NULLS LAST))[1] AS passage_id,
        max(passage) AS passage, max(item) AS item, max(outline) AS outline
      FROM (
        SELECT knowledge_id, passage_id, score AS passage, NULL::float8 AS item, NULL::float8 AS outline FROM passage_scores
        UNION ALL SELECT knowledge_id, NULL, NULL, score, NULL FROM item_scores
        UNION ALL SELECT knowledge_id, NULL, NULL, NULL, score FROM outline_scores
      ) rankings
      GROUP BY knowledge_id
    ), fused AS (
      SELECT knowledge_id, passage_id,
        ${sql.lit(FUSION.passage)} * passage / nullif(max(passage) OVER (), 0)
        + ${sql.lit(FUSION.item)} * coalesce(item / nullif(max(item) OVER (), 0), 0)
        + ${sql.lit(FUSION.outline)} * coalesce(outline / nullif(max(outline) OVER (), 0), 0) AS score
      FROM per_item WHERE passage IS NOT NULL
    )
    SELECT f.knowledge_id, k.short_id, k.title, f.passage_id::text AS passage_id, p.heading, p.body, f.score
    FROM fused f
    JOIN search_passages p ON p.id = f.passage_id
    JOIN knowledge k ON k.id = f.knowledge_id
    ORDER BY f.score DESC, f.knowledge_id
    LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => ({ ...row, score: Number(row.score) }));
}

/** Items indexed under another analyzer version (or never), a batch at a time. */
export async function listItemsToIndex(db: Executor, version: number, limit: number) {
  return db
    .selectFrom('knowledge')
    .select(['id', 'account_id', 'title', 'tags', 'content'])
    .where('search_version', '<>', version)
    .limit(limit)
    .execute();
}
