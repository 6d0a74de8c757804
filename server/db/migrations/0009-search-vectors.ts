import { sql, type Kysely } from 'kysely';

/**
 * Passage embeddings for ranking by meaning (decision 9), filled by the job
 * queue when an embeddings model is configured. A plain real[] and an exact
 * scan: neither PGlite here nor our PostgreSQL server has pgvector. One vector
 * per body passage; a reindexed item gets new passages, and the cascade drops
 * the old vectors with them. `model` names the model that made the vector, so a
 * change of model is seen and the passages embedded again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE search_vectors (
      passage_id bigint PRIMARY KEY REFERENCES search_passages (id) ON DELETE CASCADE,
      account_id uuid NOT NULL,
      model text NOT NULL,
      embedding real[] NOT NULL
    );
    CREATE INDEX search_vectors_account_idx ON search_vectors (account_id, model);
  `.execute(db);
}
