import { sql, type Kysely } from 'kysely';

/**
 * Decision 45: an item is indexed for search after its save, not in it. Each save that
 * changes what the index holds stamps the item with a fresh number; the indexer clears it
 * only if it is still the stamp it read with the text, so a save made meanwhile is never
 * covered by an older text's index. Items already indexed have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE SEQUENCE search_index_requests;
    ALTER TABLE knowledge ADD COLUMN index_request bigint;
    -- Owned by the column, so that a copy to PostgreSQL carries the sequence on past the stamps it copies.
    ALTER SEQUENCE search_index_requests OWNED BY knowledge.index_request;
    ALTER TABLE knowledge ALTER COLUMN index_request SET DEFAULT nextval('search_index_requests');
    COMMENT ON COLUMN knowledge.index_request IS
      'The save the search index has yet to take in (decision 45): a stamp from search_index_requests; null when indexed.';
  `.execute(db);
}
