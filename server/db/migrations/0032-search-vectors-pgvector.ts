import { sql, type Kysely } from 'kysely';

/**
 * Passage vectors move to pgvector where the database has it (decision 30): the
 * `embedding` column becomes a `halfvec` of any length (half the bytes of real[]),
 * and each length the table holds gets its own HNSW index for the cosine distance
 * (later lengths get theirs when their first vector is saved). PGlite loads the
 * extension (server/db/client.ts); a PostgreSQL server may lack it, or refuse to
 * create it for this user: the column then stays real[] and ranking by meaning
 * stays an exact scan within a time budget. Either way the migration succeeds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ available: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available
  `.execute(db);
  if (!rows[0]?.available || !(await createExtension(db))) return;
  await sql`ALTER TABLE search_vectors ALTER COLUMN embedding TYPE halfvec USING embedding::halfvec`.execute(db);
  const { rows: lengths } = await sql<{ dimensions: number }>`
    SELECT DISTINCT vector_dims(embedding) AS dimensions FROM search_vectors
  `.execute(db);
  const { rows: build } = await sql<{ emulated: boolean }>`SELECT version() LIKE '%emscripten%' AS emulated`.execute(
    db,
  );
  // As server/data/search-vector-ranking.ts's createVectorIndex, which indexes the lengths that come later:
  // as halfvec up to 4,000 dimensions, as vector (up to 2,000) where half floats are emulated (PGlite).
  for (const { dimensions } of lengths) {
    const type = build[0]!.emulated && dimensions <= 2000 ? 'vector' : dimensions <= 4000 ? 'halfvec' : undefined;
    if (!type) continue;
    const length = sql.lit(Number(dimensions));
    await sql`
      CREATE INDEX ${sql.id(`search_vectors_hnsw_${dimensions}`)} ON search_vectors
      USING hnsw ((embedding::${sql.raw(type)}(${length})) ${sql.raw(`${type}_cosine_ops`)})
      WHERE vector_dims(embedding) = ${length}
    `.execute(db);
  }
}

/**
 * Creates the `vector` extension if this user may: a savepoint keeps the
 * migrations' transaction alive when the server refuses (it needs a superuser,
 * or a database owner where the extension is trusted).
 */
async function createExtension(db: Kysely<unknown>): Promise<boolean> {
  await sql`SAVEPOINT create_vector`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(db);
    await sql`RELEASE SAVEPOINT create_vector`.execute(db);
    return true;
  } catch {
    await sql`ROLLBACK TO SAVEPOINT create_vector`.execute(db);
    return false;
  }
}
