import { sql } from 'kysely';
import type { Executor } from './executor';
import { createVectorIndex, readVectorStorage } from './search-vector-ranking';

/** A body passage waiting for its vector, with its item's title for context, and its place in the item. */
export interface PassageToEmbed {
  id: string;
  title: string;
  heading: string;
  position: number;
}

/**
 * Locks the item's row for the rest of the transaction (a save of another text waits);
 * false when it is gone.
 */
export async function lockItemRow(trx: Executor, knowledgeId: string): Promise<boolean> {
  const item = await sql`SELECT 1 FROM knowledge WHERE id = ${knowledgeId} FOR SHARE`.execute(trx);
  return item.rows.length > 0;
}

/**
 * Rows for the item's passages (their place and heading), the keys of their vectors, if it
 * has none: the embedding job writes them (the index keeps none, decision 29), under
 * lockItemRow, from the text it read then; the item's next indexing takes them away with
 * their vectors.
 */
export async function addPassageRows(
  trx: Executor,
  knowledgeId: string,
  passages: Array<{ heading: string }>,
): Promise<void> {
  const kept = await trx
    .selectFrom('search_passages')
    .select('id')
    .where('knowledge_id', '=', knowledgeId)
    .limit(1)
    .execute();
  if (kept.length > 0 || passages.length === 0) return;
  await trx
    .insertInto('search_passages')
    .values(passages.map((passage, position) => ({ knowledge_id: knowledgeId, position, heading: passage.heading })))
    .execute();
}

/** The item's body passages that have no vector from `model` (new, reindexed, or made by another model), in order. */
export async function listPassagesToEmbed(db: Executor, knowledgeId: string, model: string): Promise<PassageToEmbed[]> {
  return db
    .selectFrom('search_passages as p')
    .innerJoin('knowledge as k', 'k.id', 'p.knowledge_id')
    .leftJoin('search_vectors as v', (join) => join.onRef('v.passage_id', '=', 'p.id').on('v.model', '=', model))
    .select(['p.id', 'k.title', 'p.heading', 'p.position'])
    .where('p.knowledge_id', '=', knowledgeId)
    .where('v.passage_id', 'is', null)
    .orderBy('p.position')
    .execute();
}

/**
 * Stores passages' unit vectors, replacing any older ones. A passage removed
 * meanwhile (its item was edited while being embedded) is skipped: its
 * replacement has no vector yet and is embedded by the job's next run. The
 * first vectors of a length get that length's HNSW index, where there is pgvector.
 */
export async function saveVectors(
  db: Executor,
  model: string,
  vectors: Array<{ passageId: string; embedding: number[] }>,
): Promise<void> {
  if (vectors.length === 0) return;
  await sql`
    INSERT INTO search_vectors (passage_id, account_id, model, embedding)
    SELECT p.id, k.account_id, ${model}::text, v.embedding::real[]
    FROM unnest(${vectors.map((v) => v.passageId)}::bigint[], ${vectors.map((v) => `{${v.embedding.join(',')}}`)}::text[])
      AS v (passage_id, embedding)
    JOIN search_passages p ON p.id = v.passage_id
    JOIN knowledge k ON k.id = p.knowledge_id
    ON CONFLICT (passage_id) DO UPDATE SET model = EXCLUDED.model, embedding = EXCLUDED.embedding
  `.execute(db);
  const dimensions = vectors[0]!.embedding.length;
  const storage = await readVectorStorage(db, dimensions);
  if (storage.pgvector && !storage.indexedAs) await createVectorIndex(db, dimensions);
}

/**
 * Queues a job of `kind` (keyed by item id) for every item with no passage rows, or a
 * passage lacking a vector from `model`: at start-up, for items saved while no model was
 * configured, whose job failed for good, or embedded by another model. One statement,
 * however many items. Answers how many it queued.
 */
export async function queueItemsToEmbed(db: Executor, model: string, kind: string): Promise<number> {
  const result = await sql`
    INSERT INTO jobs (kind, key)
    SELECT ${kind}::text, k.id::text FROM knowledge k
    WHERE NOT EXISTS (SELECT 1 FROM search_passages p WHERE p.knowledge_id = k.id)
      OR EXISTS (
        SELECT 1 FROM search_passages p WHERE p.knowledge_id = k.id
          AND NOT EXISTS (SELECT 1 FROM search_vectors v WHERE v.passage_id = p.id AND v.model = ${model})
      )
    ON CONFLICT (kind, key) WHERE state IN ('pending', 'running') DO NOTHING
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
