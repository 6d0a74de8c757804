import { sql, type Kysely } from 'kysely';

/**
 * "Did you mean" finds a misspelt word's neighbours through pg_trgm (decision 29):
 * one GIN index of the vocabulary's trigrams, PostgreSQL's own, replaces the
 * deletion variants of migration 0023, which held 24 to 28 rows per vocabulary word
 * (four fifths of the search tables on a docs corpus). The vocabulary trigger goes
 * back to counting words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION search_item_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_words text[] := '{}';
      new_words text[] := '{}';
      account uuid;
    BEGIN
      IF TG_OP <> 'INSERT' THEN old_words := OLD.words; account := OLD.account_id; END IF;
      IF TG_OP <> 'DELETE' THEN new_words := NEW.words; account := NEW.account_id; END IF;
      INSERT INTO search_vocabulary AS v (account_id, word, items)
        SELECT account, change.word, sum(change.delta)::integer
        FROM (
          SELECT w, 1 FROM unnest(new_words) AS w
          UNION ALL SELECT w, -1 FROM unnest(old_words) AS w
        ) AS change (word, delta)
        GROUP BY change.word HAVING sum(change.delta) <> 0
        ORDER BY change.word
        ON CONFLICT (account_id, word) DO UPDATE SET items = v.items + excluded.items;
      DELETE FROM search_vocabulary WHERE account_id = account AND word = ANY(old_words) AND items <= 0;
      RETURN NULL;
    END $$;

    DROP TABLE search_vocabulary_variants;
    DROP FUNCTION search_word_variants(text);
    CREATE INDEX search_vocabulary_trigram_idx ON search_vocabulary USING gin (word gin_trgm_ops);
  `.execute(db);
}
