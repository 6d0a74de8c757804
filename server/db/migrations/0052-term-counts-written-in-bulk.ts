import { sql, type Kysely } from 'kysely';

/**
 * The term counts' trigram index gathers new entries in a pending list of at most 64 kB,
 * merged into its tree when full, rather than taking each word's trigrams into the tree one
 * at a time: that was half of the time indexing an imported page took (decision 49). GIN's
 * default list (4 MB, merged only by VACUUM) had left the index two and a half times its
 * size and every search reading it (migration 0041); 64 kB is merged every few saves, and a
 * search reads at most that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER INDEX search_term_counts_offered_trigram_idx SET (fastupdate = on, gin_pending_list_limit = 64);
  `.execute(db);
}
