import { sql, type Kysely } from 'kysely';

/**
 * The search index rebuilt small (decision 29): one row per item instead of a
 * posting per term and unit.
 * - `search_items`: the item's terms at their positions (a tsvector, GIN-indexed;
 *   a long item in several chunks of positions) and the layout of its title, tags
 *   and passages (server/search/item-terms.ts).
 *   Its row must be taken out (removeItemIndex) before its item is deleted, so the
 *   statistics follow: the foreign key refuses a delete that skips it.
 * - `search_totals` and `search_term_counts`: per workspace, BM25's unit counts and
 *   lengths, and each term's document frequencies, kept by the code that writes
 *   search_items (under the workspace's index lock, search_index_lock).
 * - `search_passages` keeps only body passages, by their place in the item, for
 *   embeddings; their text is read back from the item's HTML (not a second copy).
 * The postings, their statistics and triggers go. Every item is indexed again, in
 * the background while Lore serves (server/search/reindex.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE search_terms;
    DROP FUNCTION search_term_stats_add();
    DROP FUNCTION search_term_stats_remove();
    DROP TABLE search_term_stats;
    DROP TRIGGER search_passages_stats ON search_passages;
    DROP FUNCTION search_stats_follow();
    DROP TABLE search_stats;
    DELETE FROM search_passages WHERE kind = 0;
    ALTER TABLE search_passages DROP COLUMN body;
    ALTER TABLE search_item_words DROP COLUMN title_terms, DROP COLUMN tag_terms;

    CREATE TABLE search_items (
      knowledge_id uuid NOT NULL REFERENCES knowledge (id),
      chunk smallint NOT NULL,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      vector tsvector NOT NULL,
      layout int4[] NOT NULL,
      PRIMARY KEY (knowledge_id, chunk)
    );
    CREATE INDEX search_items_vector_idx ON search_items USING gin (vector);
    CREATE INDEX search_items_account_idx ON search_items (account_id);

    CREATE TABLE search_totals (
      account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
      items bigint NOT NULL,
      passages bigint NOT NULL,
      passage_length float8 NOT NULL,
      outline_length float8 NOT NULL
    );

    CREATE TABLE search_term_counts (
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      term text COLLATE "C" NOT NULL,
      items integer NOT NULL,
      passages integer NOT NULL,
      outlines integer NOT NULL,
      PRIMARY KEY (account_id, term)
    );

    UPDATE knowledge SET search_version = 0;
  `.execute(db);
}
