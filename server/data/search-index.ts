import { sql } from 'kysely';
import type { Executor } from './executor';

/** What an index row holds: an item's outline (title, tags, headings), or a passage of its body. */
export const SEARCH_KIND = { outline: 0, body: 1 } as const;

/**
 * Which ranking a posting serves: the outline's, a body passage's, or the
 * whole item's (its body passages' frequencies summed, hung on its outline row).
 */
export const POSTING_KIND = { outline: 0, passage: 1, item: 2 } as const;

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

/** A row of search_terms as stored (its impact is computed by the database). */
export interface Posting {
  account_id: string;
  term: string;
  kind: (typeof POSTING_KIND)[keyof typeof POSTING_KIND];
  passage_id: string;
  knowledge_id: string;
  frequency: number;
  length: number;
  /** Whole-item postings only: where the term stands (title 3, tags 2, text 1) plus the impact; see keywordRank. */
  keyword_rank: number | null;
}

/** The terms of an item's title and of its tags, which rank a keyword match first (decision 10). */
export interface KeywordFields {
  titleTerms: string[];
  tagTerms: string[];
}

/** BM25's term-frequency saturation and length normalisation, at their usual values. */
const K1 = 1.2;
const B = 0.75;
/**
 * Candidates for a question are found through at most this many postings of
 * each term in the whole-item and outline rankings, strongest first: a rare
 * term's are all read, a very common term's (little weight) only its
 * strongest, so a question's cost does not grow with the workspace.
 */
const POSTINGS_PER_TERM = 300;
/** How many of the candidates are scored exactly, in all three rankings. */
const CANDIDATES = 200;

/** The nominal unit length of each posting kind in the impact (as search_terms.impact computes it, migration 0010). */
const NOMINAL_LENGTH = { [POSTING_KIND.outline]: 25, [POSTING_KIND.passage]: 250, [POSTING_KIND.item]: 1000 } as const;

/**
 * A whole-item posting's place in the keyword search's order (decision 20): the
 * field the term stands in (title 3, tags 2, text 1), plus its impact (BM25's
 * saturated term frequency at the nominal length, below 1), so one descending
 * index orders by field first. Kept under 1 so float rounding cannot carry it
 * into the next field.
 */
export function keywordRank(term: string, frequency: number, length: number, fields: KeywordFields): number {
  const impact = frequency / (frequency + K1 * (1 - B + (B * length) / NOMINAL_LENGTH[POSTING_KIND.item]));
  const field = fields.titleTerms.includes(term) ? 3 : fields.tagTerms.includes(term) ? 2 : 1;
  return field + Math.min(impact, 0.999);
}

/**
 * The postings of an item's index rows (`passageIds` in the same order): one
 * per term of each row, and one per term of the whole body on the outline row,
 * ranked for the keyword search by `fields`.
 */
export function postingsOf(
  item: { id: string; account_id: string },
  passages: IndexedPassage[],
  passageIds: string[],
  fields: KeywordFields,
): Posting[] {
  const posting = (
    kind: Posting['kind'],
    passageId: string,
    length: number,
    [term, frequency]: [string, number],
  ): Posting => ({
    account_id: item.account_id,
    term,
    kind,
    passage_id: passageId,
    knowledge_id: item.id,
    frequency,
    length,
    keyword_rank: kind === POSTING_KIND.item ? keywordRank(term, frequency, length, fields) : null,
  });
  const body = new Map<string, number>();
  let bodyLength = 0;
  const postings = passages.flatMap((passage, i) => {
    const kind = passage.kind === SEARCH_KIND.outline ? POSTING_KIND.outline : POSTING_KIND.passage;
    if (kind === POSTING_KIND.passage) {
      bodyLength += passage.length;
      for (const [term, frequency] of passage.terms) body.set(term, (body.get(term) ?? 0) + frequency);
    }
    return [...passage.terms].map((entry) => posting(kind, passageIds[i]!, passage.length, entry));
  });
  const outline = passages.findIndex((passage) => passage.kind === SEARCH_KIND.outline);
  if (outline < 0) throw new Error('An item is indexed with its outline row');
  const itemLength = Math.max(bodyLength, 1);
  return [...postings, ...[...body].map((entry) => posting(POSTING_KIND.item, passageIds[outline]!, itemLength, entry))];
}

/** Replaces an item's passages and terms, and records the analyzer version it was indexed with. */
export async function replaceItemIndex(
  trx: Executor,
  item: { id: string; account_id: string },
  passages: IndexedPassage[],
  version: number,
  fields: KeywordFields,
): Promise<void> {
  // The item's row first: a concurrent delete of the item then waits here, before the index's lock.
  await trx.updateTable('knowledge').set({ search_version: version }).where('id', '=', item.id).execute();
  await trx.deleteFrom('search_terms').where('knowledge_id', '=', item.id).execute();
  await trx.deleteFrom('search_passages').where('knowledge_id', '=', item.id).execute();
  if (passages.length === 0) return;
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
      })),
    )
    .returning('id')
    .execute();
  const rows = postingsOf(
    item,
    passages,
    stored.map((row) => row.id),
    fields,
  );
  // Batches keep each statement well under the protocol's parameter limit.
  for (let start = 0; start < rows.length; start += 5000) {
    await trx.insertInto('search_terms').values(rows.slice(start, start + 5000)).execute();
  }
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

/** BM25 of a posting (`tf`, `length`, `df`) in its ranking, with the statistics of `stats`. */
const bm25 = sql`CASE kind
  WHEN ${POSTING_KIND.passage} THEN ${idf('passages', 'df')} * ${saturated('tf', 'length', 'passage_length')}
  WHEN ${POSTING_KIND.item} THEN ${idf('items', 'df')} * ${saturated('tf', 'length', 'item_length')}
  ELSE ${idf('items', 'df')} * ${saturated('tf', 'length', 'outline_length')}
END`;

/** Each unit's score in its ranking, from `postings` (kind, df, knowledge_id, passage_id, tf, length). */
const scoresOf = (postings: string) => sql`
  SELECT kind, knowledge_id, passage_id, sum(${bm25}) AS score
  FROM ${sql.table(postings)} CROSS JOIN stats GROUP BY kind, knowledge_id, passage_id`;

/** The best score of each ranking among the rows of `rankings` (per item). */
const maximaOf = (rankings: string) => sql`
  SELECT max(passage) AS passage, max(item) AS item, max(outline) AS outline FROM ${sql.table(rankings)}`;

/** Per item, its score in each ranking, and its best passage, from scored postings (kind, knowledge_id, passage_id, score). */
const perItem = (scores: string) => sql`
  SELECT knowledge_id,
    (array_agg(passage_id ORDER BY score DESC, passage_id) FILTER (WHERE kind = ${POSTING_KIND.passage}))[1] AS passage_id,
    max(score) FILTER (WHERE kind = ${POSTING_KIND.passage}) AS passage,
    max(score) FILTER (WHERE kind = ${POSTING_KIND.item}) AS item,
    max(score) FILTER (WHERE kind = ${POSTING_KIND.outline}) AS outline
  FROM ${sql.table(scores)} GROUP BY knowledge_id`;

/** The fused score of a row of `rankings` (per item), each ranking scaled by the best score in the `maxima` row. */
const fusedScore = (rankings: string, maxima: string) => {
  const scaled = (ranking: 'passage' | 'item' | 'outline') =>
    sql`coalesce(${sql.ref(`${rankings}.${ranking}`)} / nullif(${sql.ref(`${maxima}.${ranking}`)}, 0), 0)`;
  return sql`${sql.lit(FUSION.passage)} * ${scaled('passage')} + ${sql.lit(FUSION.item)} * ${scaled('item')}
    + ${sql.lit(FUSION.outline)} * ${scaled('outline')}`;
};

/**
 * The matching items, best first, each with its best passage. Three BM25
 * rankings (see FUSION), each scaled by its best score, are summed. Statistics
 * come from search_stats and search_term_stats. In two steps, so a question's
 * cost does not grow with the workspace: candidates by the whole-item and
 * outline rankings from each term's strongest postings (POSTINGS_PER_TERM, one
 * index scan per term and ranking); then the best CANDIDATES scored exactly in
 * all three rankings, from all their postings of the question's terms.
 */
export async function rankPassages(db: Executor, accountId: string, terms: string[], limit: number): Promise<RankedPassage[]> {
  if (terms.length === 0) return [];
  const result = await sql<RankedPassage>`
    WITH stats AS MATERIALIZED (
      -- Averages are never 0, even in an account whose index is empty.
      SELECT
        coalesce(max(rows) FILTER (WHERE kind = ${SEARCH_KIND.body}), 0)::float8 AS passages,
        coalesce(nullif(max(length / greatest(rows, 1)) FILTER (WHERE kind = ${SEARCH_KIND.body}), 0), 1)::float8 AS passage_length,
        coalesce(max(rows) FILTER (WHERE kind = ${SEARCH_KIND.outline}), 0)::float8 AS items,
        coalesce(nullif(max(length / greatest(rows, 1)) FILTER (WHERE kind = ${SEARCH_KIND.outline}), 0), 1)::float8 AS outline_length,
        coalesce(nullif(max(length) FILTER (WHERE kind = ${SEARCH_KIND.body}) / greatest(max(rows) FILTER (WHERE kind = ${SEARCH_KIND.outline}), 1), 0), 1)::float8 AS item_length
      FROM search_stats WHERE account_id = ${accountId}
    ), wanted AS MATERIALIZED (
      SELECT term, kind, rows::float8 AS df FROM search_term_stats
      WHERE account_id = ${accountId} AND term = ANY(${terms}::text[])
    ), strongest AS MATERIALIZED (
      SELECT w.kind, w.df, h.knowledge_id, h.passage_id, h.frequency AS tf, h.length
      FROM wanted w CROSS JOIN LATERAL (
        SELECT t.knowledge_id, t.passage_id, t.frequency, t.length FROM search_terms t
        WHERE t.account_id = ${accountId} AND t.term = w.term AND t.kind = w.kind
        ORDER BY t.impact DESC, t.passage_id
        LIMIT ${POSTINGS_PER_TERM}
      ) h
      WHERE w.kind IN (${POSTING_KIND.item}, ${POSTING_KIND.outline})
    ), candidate_scores AS MATERIALIZED (${scoresOf('strongest')}
    ), candidate_items AS MATERIALIZED (${perItem('candidate_scores')}
    ), candidate_maxima AS MATERIALIZED (${maximaOf('candidate_items')}
    ), candidates AS MATERIALIZED (
      SELECT knowledge_id FROM candidate_items CROSS JOIN candidate_maxima
      ORDER BY ${fusedScore('candidate_items', 'candidate_maxima')} DESC, knowledge_id
      LIMIT ${Math.max(CANDIDATES, limit)}
    ), postings AS MATERIALIZED (
      -- Each candidate's own postings, by (knowledge_id, term): OFFSET 0 keeps the lookup per
      -- candidate. Flattened into a join, PGlite's planner read every posting of the terms in the
      -- workspace instead (27,403 rows for 200 candidates at 100,000 items).
      SELECT t.kind, w.df, t.knowledge_id, t.passage_id, t.frequency AS tf, t.length
      FROM candidates c
      CROSS JOIN LATERAL (
        SELECT * FROM search_terms t WHERE t.knowledge_id = c.knowledge_id AND t.term = ANY(${terms}::text[]) OFFSET 0
      ) t
      JOIN wanted w ON w.term = t.term AND w.kind = t.kind
    ), scores AS MATERIALIZED (${scoresOf('postings')}
    ), items AS MATERIALIZED (${perItem('scores')}
    ), maxima AS MATERIALIZED (${maximaOf('items')}
    ), top AS MATERIALIZED (
      SELECT knowledge_id, passage_id, ${fusedScore('items', 'maxima')} AS score
      FROM items CROSS JOIN maxima WHERE items.passage IS NOT NULL
      ORDER BY score DESC, knowledge_id LIMIT ${limit}
    )
    SELECT f.knowledge_id, k.short_id, k.title, f.passage_id::text AS passage_id, p.heading, p.body, f.score
    FROM top f
    JOIN search_passages p ON p.id = f.passage_id
    JOIN knowledge k ON k.id = f.knowledge_id
    ORDER BY f.score DESC, f.knowledge_id
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
