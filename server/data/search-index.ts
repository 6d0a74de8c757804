import { sql } from 'kysely';
import type { Executor } from './executor';

/** A passage ready to store: its text, weighted length, and weighted term frequencies. */
export interface IndexedPassage {
  heading: string;
  body: string;
  length: number;
  terms: Map<string, number>;
}

/** A passage that matched a search, with its BM25 score. */
export interface RankedPassage {
  knowledge_id: string;
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
  if (passages.length > 0) {
    const stored = await trx
      .insertInto('search_passages')
      .values(
        passages.map((passage, position) => ({
          knowledge_id: item.id,
          account_id: item.account_id,
          position,
          heading: passage.heading,
          body: passage.body,
          length: passage.length,
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
 * The best passage of each matching item, best items first, scored by BM25
 * over the account's passages: term rarity in the account, saturated term
 * frequency, and length normalisation.
 */
export async function rankPassages(db: Executor, accountId: string, terms: string[], limit: number): Promise<RankedPassage[]> {
  if (terms.length === 0) return [];
  const result = await sql<RankedPassage>`
    WITH stats AS (
      SELECT count(*)::float8 AS n, coalesce(avg(length), 1)::float8 AS avgdl
      FROM search_passages WHERE account_id = ${accountId}
    ), df AS (
      SELECT term, count(*)::float8 AS df
      FROM search_terms WHERE account_id = ${accountId} AND term = ANY(${terms}::text[])
      GROUP BY term
    ), scored AS (
      SELECT t.passage_id,
        sum(ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5))
          * t.frequency * ${sql.lit(K1 + 1)} / (t.frequency + ${sql.lit(K1)} * (1 - ${sql.lit(B)} + ${sql.lit(B)} * p.length / stats.avgdl))) AS score
      FROM search_terms t
      JOIN df ON df.term = t.term
      JOIN search_passages p ON p.id = t.passage_id
      CROSS JOIN stats
      WHERE t.account_id = ${accountId} AND t.term = ANY(${terms}::text[])
      GROUP BY t.passage_id
    ), best AS (
      SELECT DISTINCT ON (p.knowledge_id) p.knowledge_id, p.id::text AS passage_id, p.heading, p.body, s.score
      FROM scored s JOIN search_passages p ON p.id = s.passage_id
      ORDER BY p.knowledge_id, s.score DESC
    )
    SELECT * FROM best ORDER BY score DESC, knowledge_id LIMIT ${limit}
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
