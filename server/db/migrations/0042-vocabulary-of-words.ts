import { sql, type Kysely } from 'kysely';

/**
 * The vocabulary keeps each word once, with the term it is indexed by, and no count
 * of its own (decision 29). How many items use a word is its term's count in
 * `search_term_counts`, which the index keeps anyway; a word whose term no item has
 * any more is never offered. So a save only adds the words new to its workspace,
 * where the trigger of migration 0027 rewrote the count of every word of the item
 * (and kept each item's words in `search_item_words` to know which): 4.2 of the
 * 27.9 MB of search structures after importing the Python docs.
 * Every item is indexed again in the background, which fills the vocabulary.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER search_item_words_vocabulary ON search_item_words;
    DROP FUNCTION search_item_words_changed();
    DROP TABLE search_item_words;
    DROP TABLE search_vocabulary;

    CREATE TABLE search_vocabulary (
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      word text COLLATE "C" NOT NULL,
      term text COLLATE "C" NOT NULL,
      PRIMARY KEY (account_id, word)
    );
    CREATE INDEX search_vocabulary_trigram_idx ON search_vocabulary USING gin (word gin_trgm_ops) WITH (fastupdate = off);
    COMMENT ON TABLE search_vocabulary IS 'Per account, the words its items use (folded), for completing a last word and correcting a misspelt one (decision 29).';
    COMMENT ON COLUMN search_vocabulary.term IS 'The term the word is indexed by: how many items use it is that term''s count in search_term_counts.';

    UPDATE knowledge SET search_version = 0;
  `.execute(db);
}
