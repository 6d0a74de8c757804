import { sql, type Kysely } from 'kysely';

/**
 * The search index's two GIN indexes (the items' terms, the vocabulary's trigrams)
 * take each new entry into their tree at once (decision 29). With GIN's default
 * pending list, entries queued there between clean-ups left the indexes two and a half
 * times the size of the same entries written one by one (after importing the Python
 * docs: 6.2 against 2.5 MB, and 5.4 against 2.0 MB), and every search read the
 * unsorted list too. An existing list is merged by the next VACUUM.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER INDEX search_items_vector_idx SET (fastupdate = off);
    ALTER INDEX search_vocabulary_trigram_idx SET (fastupdate = off);
  `.execute(db);
}
