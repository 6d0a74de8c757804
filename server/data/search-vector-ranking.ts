import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { isStatementTimeout } from '../db/client';
import type { DB } from '../db/schema';
import type { Executor } from './executor';
import type { RankedPassage } from './search-index';

/**
 * The ranking by meaning (decision 30). Where the database has pgvector,
 * `search_vectors.embedding` is a `halfvec` of any length and each length has a
 * partial HNSW index over the column cast to that length (an index needs one
 * length; a change of model may bring another): cast to halfvec, or to vector
 * where half floats are emulated (see createVectorIndex). Elsewhere it is a real[] and the
 * ranking an exact scan. Either way the step keeps to a time budget: past it,
 * the question is ranked by words alone.
 */

/** pgvector indexes up to this many dimensions with HNSW, as halfvec or vector; longer vectors are scanned exactly. */
export const HNSW_MAX_DIMENSIONS = { halfvec: 4000, vector: 2000 } as const;

/** The type an HNSW index holds its vectors as. */
export type IndexedAs = keyof typeof HNSW_MAX_DIMENSIONS;
/**
 * An exact scan (no HNSW index for the question's length) runs only while the
 * workspace has at most this many vectors of the model. PGlite ignores
 * statement_timeout, so a count is its only bound: its scan of 10,000 halfvec
 * vectors of 384 dimensions took 584 ms p50 on a loaded 2-core machine.
 */
export const EXACT_SCAN_MAX_PASSAGES = 5_000;
/** How long the step may take before the question is ranked by words alone (PostgreSQL's statement_timeout). */
export const VECTOR_STEP_BUDGET_MS = 250;
/** Nearest passages read per item asked for: an item may own several of them. */
const PASSAGES_PER_ITEM = 3;

/** How the vectors are stored here, for a question of `dimensions`. */
export interface VectorStorage {
  /** pgvector's halfvec (else real[]). */
  pgvector: boolean;
  /** The type the HNSW index of vectors of this length holds them as; null without one. */
  indexedAs: IndexedAs | null;
}

/** The HNSW index of vectors of one length. */
export const vectorIndexName = (dimensions: number) => `search_vectors_hnsw_${wholeNumber(dimensions)}`;

/** Reads how `search_vectors` stores its embeddings, and whether vectors of this length have their HNSW index. */
export async function readVectorStorage(db: Executor, dimensions: number): Promise<VectorStorage> {
  const { rows } = await sql<VectorStorage>`
    SELECT format_type(a.atttypid, a.atttypmod) = 'halfvec' AS pgvector,
      (SELECT split_part(o.opcname, '_', 1) FROM pg_index i JOIN pg_opclass o ON o.oid = i.indclass[0]
        WHERE i.indexrelid = to_regclass(${vectorIndexName(dimensions)})) AS "indexedAs"
    FROM pg_attribute a WHERE a.attrelid = 'search_vectors'::regclass AND a.attname = 'embedding'
  `.execute(db);
  return rows[0]!;
}

/**
 * The type to index vectors of this length as: halfvec (half the bytes), but
 * vector where half floats are emulated in software, as in PGlite's WebAssembly
 * build, where building an HNSW index over halfvec took six times as long
 * (22 s for 1,000 vectors of 384 dimensions against 3.6 s, on a loaded machine).
 */
async function typeToIndexAs(db: Executor, dimensions: number): Promise<IndexedAs | null> {
  const { rows } = await sql<{ emulated: boolean }>`SELECT version() LIKE '%emscripten%' AS emulated`.execute(db);
  if (rows[0]!.emulated && dimensions <= HNSW_MAX_DIMENSIONS.vector) return 'vector';
  return dimensions <= HNSW_MAX_DIMENSIONS.halfvec ? 'halfvec' : null;
}

/**
 * Creates the HNSW index of vectors of one length, cosine distance, unless it
 * exists or the length is past pgvector's limit. Built when the first vector of
 * a length is saved, it starts small and grows with each insert. Two processes
 * may race to create it: the loser's error is the index already being there.
 */
export async function createVectorIndex(db: Executor, dimensions: number): Promise<void> {
  const type = await typeToIndexAs(db, dimensions);
  if (!type) return;
  const length = sql.lit(wholeNumber(dimensions));
  try {
    await sql`
      CREATE INDEX IF NOT EXISTS ${sql.id(vectorIndexName(dimensions))} ON search_vectors
      USING hnsw ((embedding::${sql.raw(type)}(${length})) ${sql.raw(`${type}_cosine_ops`)})
      WHERE vector_dims(embedding) = ${length}
    `.execute(db);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42P07') throw error;
  }
}

/** What to rank by meaning. */
export interface VectorQuestion {
  accountId: string;
  /** The model that made the question's vector: only its vectors are compared. */
  model: string;
  /** The question's unit vector. */
  vector: number[];
  /** How many of the nearest items to answer. */
  limit: number;
  /** Items to answer as well, however far (the ones the words found, so the fusion weighs them by their own cosine). */
  alsoItems?: string[];
  /** Overrides VECTOR_STEP_BUDGET_MS and EXACT_SCAN_MAX_PASSAGES. */
  budget?: VectorBudget;
}

/** How long the ranking by meaning may take: in time (PostgreSQL) and, without an index, in vectors scanned. */
export interface VectorBudget {
  ms?: number;
  exactScanMaxPassages?: number;
}

/**
 * The account's items nearest in meaning to the question, each with its
 * nearest passage and its cosine similarity, nearest first; then those of
 * `alsoItems` that have vectors (at 0 when pointing away). Undefined when the
 * step would take too long (over its budget on PostgreSQL, or an exact scan of
 * more than EXACT_SCAN_MAX_PASSAGES vectors): the caller ranks by words alone.
 * Other nearest passages at a right angle or pointing away (similarity <= 0)
 * share nothing with the question and are left out.
 */
export async function rankByVector(db: Kysely<DB>, question: VectorQuestion): Promise<RankedPassage[] | undefined> {
  const { accountId, model, vector, limit, alsoItems = [] } = question;
  const { ms = VECTOR_STEP_BUDGET_MS, exactScanMaxPassages = EXACT_SCAN_MAX_PASSAGES } = question.budget ?? {};
  const passages = limit * PASSAGES_PER_ITEM;
  try {
    return await db.transaction().execute(async (trx) => {
      // Local settings end with the transaction: the budget (which every statement here
      // counts against, a wait for a lock too) and the search settings are this step's only.
      await sql`SELECT set_config('statement_timeout', ${String(ms)}, true)`.execute(trx);
      const storage = await readVectorStorage(trx, vector.length);
      const scanned = storage.indexedAs ? 0 : await countVectors(trx, accountId, model, exactScanMaxPassages + 1);
      if (scanned > exactScanMaxPassages) return undefined;
      if (storage.indexedAs) await useHnsw(trx, passages);
      const scored = storage.pgvector
        ? byPgvector(accountId, model, vector, passages, alsoItems, storage.indexedAs ?? 'halfvec')
        : byScan(accountId, model, vector);
      return bestPassages(trx, scored, alsoItems, limit);
    });
  } catch (error) {
    if (isStatementTimeout(error)) return undefined;
    throw error;
  }
}

/**
 * HNSW search settings: keep twice the passages wanted as candidates (pgvector's
 * default, 40, is less than the 150 passages a search reads, and an index with
 * many near-equal vectors then missed the nearest one), and keep looking
 * (pgvector 0.8's iterative scan, nearest first) while other workspaces' and
 * models' vectors are filtered out.
 */
async function useHnsw(trx: Transaction<DB>, passages: number) {
  const candidates = sql.lit(String(Math.max(40, 2 * passages)));
  // Using a vector loads pgvector, whose settings these are. One before 0.8 has no
  // iterative scan: the nearest passages are then read once, and filtered.
  await sql`
    DO $$ BEGIN
      PERFORM '[1]'::vector;
      PERFORM set_config('hnsw.ef_search', ${candidates}, true);
      BEGIN
        PERFORM set_config('hnsw.iterative_scan', 'strict_order', true);
      EXCEPTION WHEN OTHERS THEN NULL;
      END;
    END $$
  `.execute(trx);
}

/**
 * The passages nearest by cosine distance, through the HNSW index of their
 * length where there is one, and every passage of the items asked for.
 */
function byPgvector(
  accountId: string,
  model: string,
  vector: number[],
  passages: number,
  items: string[],
  type: IndexedAs,
) {
  // The index's own expression, so the planner can use it.
  const cast = sql`${sql.raw(type)}(${sql.lit(wholeNumber(vector.length))})`;
  const length = sql.lit(vector.length);
  const distance = sql`v.embedding::${cast} <=> ${`[${vector.join(',')}]`}::${cast}`;
  return sql`
    (SELECT v.passage_id, 1 - (${distance}) AS similarity FROM search_vectors v
      WHERE v.account_id = ${accountId} AND v.model = ${model} AND vector_dims(v.embedding) = ${length}
      ORDER BY ${distance} LIMIT ${passages})
    UNION ALL
    SELECT v.passage_id, 1 - (${distance}) FROM search_passages p JOIN search_vectors v ON v.passage_id = p.id
    WHERE p.knowledge_id = ANY(${items}::uuid[]) AND v.model = ${model} AND vector_dims(v.embedding) = ${length}
  `;
}

/** Every vector's dot product with the question (the cosine, as both are unit vectors), computed in SQL: the asked-for items' too. */
function byScan(accountId: string, model: string, vector: number[]) {
  return sql`
    SELECT v.passage_id, (SELECT sum(a * b) FROM unnest(v.embedding, ${vector}::float8[]) AS t (a, b)) AS similarity
    FROM search_vectors v
    WHERE v.account_id = ${accountId} AND v.model = ${model} AND cardinality(v.embedding) = ${vector.length}
  `;
}

/** Each item's best passage among the scored ones: the nearest `limit` items, then the asked-for ones. */
async function bestPassages(trx: Transaction<DB>, scored: RawBuilder<unknown>, items: string[], limit: number) {
  // Each scored passage's place is read once, with the columns the answer needs.
  const result = await sql<RankedPassage>`
    WITH scored AS MATERIALIZED (${scored}), best AS (
      SELECT DISTINCT ON (p.knowledge_id) p.knowledge_id, s.passage_id, p.position,
        -- An all-zero vector is at no angle to anything (NaN); one pointing away shares nothing.
        CASE WHEN s.similarity > 0 AND s.similarity <> 'NaN' THEN s.similarity ELSE 0 END AS similarity
      FROM scored s JOIN search_passages p ON p.id = s.passage_id
      ORDER BY p.knowledge_id, similarity DESC, s.passage_id
    ), ranked AS (
      SELECT *, row_number() OVER (ORDER BY similarity DESC, knowledge_id) AS place FROM best
    )
    -- The heading and text are read back from the item with the answer's passages (passage-text.ts).
    SELECT r.knowledge_id, k.short_id, k.title, r.position, '' AS heading, '' AS body,
      r.similarity AS score
    FROM ranked r JOIN knowledge k ON k.id = r.knowledge_id
    WHERE (r.place <= ${limit} AND r.similarity > 0) OR r.knowledge_id = ANY(${items}::uuid[])
    ORDER BY r.place
  `.execute(trx);
  return result.rows.map((row) => ({ ...row, score: Number(row.score) }));
}

/** How many vectors of the model the account has, counting no further than `upTo`. */
async function countVectors(db: Executor, accountId: string, model: string, upTo: number): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    SELECT count(*) AS count FROM (
      SELECT 1 FROM search_vectors WHERE account_id = ${accountId} AND model = ${model} LIMIT ${upTo}
    ) AS counted
  `.execute(db);
  return Number(rows[0]!.count);
}

/** A length written into SQL as a literal (a type's length cannot be a parameter). */
function wholeNumber(value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`Not a vector length: ${value}`);
  return value;
}
