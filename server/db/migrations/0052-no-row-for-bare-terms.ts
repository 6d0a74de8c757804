import { sql, type Kysely } from 'kysely';

/**
 * A term that one item holds, in one passage and not in its title, tags or headings, and
 * that no word offers has no row of counts any more (decision 47): its absence says as
 * much (`BARE_TERM` in server/data/search-index.ts). 5,248 of the Python docs' 37,579 rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM search_term_counts
    WHERE items = 1 AND passages = 1 AND outlines = 0 AND NOT written AND forms IS NULL;
  `.execute(db);
}
