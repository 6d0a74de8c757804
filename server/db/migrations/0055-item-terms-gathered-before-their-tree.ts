import { sql, type Kysely } from 'kysely';

/**
 * The items' terms gather in a pending list of at most 256 kB, merged into the GIN tree in
 * term order when it is full, rather than each term of each item taken into the tree at once
 * (migration 0041): on PGlite, whose page cache is 16 MB, an import's inserts of tsvector rows
 * had come to touch the tree's pages one term at a time (decision 62). A search reads at most
 * the 256 kB besides the tree; 0041's trouble was GIN's default list of 4 MB.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX search_items_vector_idx SET (fastupdate = on, gin_pending_list_limit = 256)`.execute(db);
}
