import { sql, type Kysely } from 'kysely';

/**
 * A passage row is the key of its vector: the embedding job writes an item's passage rows
 * with its vectors, and the index no longer writes them (decision 29). Without an
 * embeddings model they were a tenth of the text's size for nothing (the answers read a
 * passage's heading back from the item with its text). The rows of items with no vector
 * go; an item with some keeps its rows, and the job embeds the rest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM search_passages p
    WHERE NOT EXISTS (
      SELECT 1 FROM search_passages q JOIN search_vectors v ON v.passage_id = q.id WHERE q.knowledge_id = p.knowledge_id
    );
    COMMENT ON TABLE search_passages IS
      'A part of an item (the text under one heading) by its place and heading: the key of its embedding, written by the embedding job.';
  `.execute(db);
}
