import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertOwnedWorkspace, useDatabaseBefore } from '../test/database-before';
import { rankByVector, readVectorStorage, vectorIndexName } from '../data/search-vector-ranking';
import { migrateToLatest } from '../db/migrate';
import { testEngine } from '../test/test-database';

/** The last migration before passage vectors moved to pgvector (decision 30). */
const BEFORE_PGVECTOR = '0031-import-keys-and-pdf-reading';

const database = useDatabaseBefore(BEFORE_PGVECTOR);

it('moves real[] vectors of two models and lengths to halfvec with an HNSW index each where there is pgvector, and keeps them where not', async () => {
  const { db } = database;
  const { accountId } = await insertOwnedWorkspace(db, 'Vectors');
  // Two items, a passage each, embedded as that version stored it: real[]; one by a model of 3 dimensions, one of 4.
  const vectors = { short: [0.6, 0.8, 0], long: [0, 0, 0.6, 0.8] };
  const ids: Record<string, string> = {};
  for (const [name, embedding] of Object.entries(vectors)) {
    const { rows } = await sql<{ knowledge_id: string; passage_id: string }>`
      WITH item AS (
        INSERT INTO knowledge (short_id, account_id, title, content) VALUES (${name}, ${accountId}, ${name}, '<p>x</p>')
        RETURNING id
      ), passage AS (
        INSERT INTO search_passages (knowledge_id, account_id, position, heading, length)
        SELECT id, ${accountId}, 0, '', 1 FROM item RETURNING id, knowledge_id
      )
      INSERT INTO search_vectors (passage_id, account_id, model, embedding)
      SELECT id, ${accountId}, ${`model-${embedding.length}`}, ${`{${embedding.join(',')}}`}::real[] FROM passage
      RETURNING (SELECT knowledge_id FROM passage), passage_id::text`.execute(db);
    ids[name] = rows[0]!.knowledge_id;
  }

  await migrateToLatest(db);
  const { rows } = await sql<{ vector: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS vector`.execute(db);
  const pgvector = rows[0]!.vector;
  // PGlite always loads pgvector; this machine's PostgreSQL lacks it, and the migration went on without.
  if (testEngine === 'pglite') expect(pgvector).toBe(true);
  for (const [name, embedding] of Object.entries(vectors)) {
    const storage = await readVectorStorage(db, embedding.length);
    expect(storage.pgvector).toBe(pgvector);
    // PGlite emulates half floats, so its indexes hold vector; a PostgreSQL with pgvector's, halfvec.
    expect(storage.indexedAs).toBe(pgvector ? (testEngine === 'pglite' ? 'vector' : 'halfvec') : null);
    const stored = await sql<{ embedding: number[] }>`
      SELECT v.embedding::real[] AS embedding FROM search_vectors v JOIN search_passages p ON p.id = v.passage_id
      WHERE p.knowledge_id = ${ids[name]!}`.execute(db);
    stored.rows[0]!.embedding.forEach((value, i) => expect(value).toBeCloseTo(embedding[i]!, 3));
    const hits = await rankByVector(db, {
      accountId,
      model: `model-${embedding.length}`,
      vector: embedding,
      limit: 10,
    });
    expect(hits!.map((hit) => [hit.knowledge_id, Number(hit.score.toFixed(2))])).toEqual([[ids[name], 1]]);
  }
  const indexes = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes WHERE tablename = 'search_vectors' AND indexname LIKE 'search_vectors_hnsw_%'
    ORDER BY indexname`.execute(db);
  expect(indexes.rows.map((row) => row.name)).toEqual(pgvector ? [vectorIndexName(3), vectorIndexName(4)] : []);
});
