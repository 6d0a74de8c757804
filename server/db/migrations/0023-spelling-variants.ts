import { sql, type Kysely } from 'kysely';

/**
 * "Did you mean" reads a few dozen rows however large the vocabulary (decision 10,
 * changed by decision 20).
 *
 * - `search_vocabulary_variants`: each vocabulary word's deletion variants, its first
 *   seven characters with up to two left out (server/search/spelling.ts,
 *   deletionVariants, makes the same from a misspelt word). Two words within two
 *   edits share one, so a misspelling's candidates are the rows of its own variants.
 * - Replaces `search_vocabulary_grams` and `search_vocabulary.gram_count`: a word's
 *   trigrams are shared with thousands of others (about 11,000 rows read for one typo
 *   at 5,000 items, more as the vocabulary grows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION search_word_variants(word text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT AS $$
      SELECT coalesce(array_agg(DISTINCT variant) FILTER (WHERE variant <> ''), '{}')
      FROM (SELECT left(word, 7) AS p) s,
      LATERAL (
        SELECT p
        UNION ALL
        SELECT left(p, i - 1) || substr(p, i + 1) FROM generate_series(1, length(p)) AS i
        UNION ALL
        SELECT left(p, i - 1) || substr(p, i + 1, j - i - 1) || substr(p, j + 1)
        FROM generate_series(1, length(p)) AS i, generate_series(i + 1, length(p)) AS j
      ) AS variants (variant)
    $$;

    CREATE TABLE search_vocabulary_variants (
      account_id uuid NOT NULL,
      variant text COLLATE "C" NOT NULL,
      word text COLLATE "C" NOT NULL,
      PRIMARY KEY (account_id, variant, word),
      FOREIGN KEY (account_id, word) REFERENCES search_vocabulary (account_id, word) ON DELETE CASCADE
    );
    INSERT INTO search_vocabulary_variants (account_id, variant, word)
      SELECT v.account_id, variant, v.word FROM search_vocabulary v, unnest(search_word_variants(v.word)) AS variant;
    -- Built after the rows are in, in one sort; it serves the cascade when a word leaves.
    CREATE INDEX search_vocabulary_variants_word_idx ON search_vocabulary_variants (account_id, word);

    -- As in 0022, with each word new to the account given its variants.
    CREATE OR REPLACE FUNCTION search_item_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_words text[] := '{}';
      new_words text[] := '{}';
      account uuid;
    BEGIN
      IF TG_OP <> 'INSERT' THEN old_words := OLD.words; account := OLD.account_id; END IF;
      IF TG_OP <> 'DELETE' THEN new_words := NEW.words; account := NEW.account_id; END IF;
      WITH change AS (
        SELECT word, sum(delta)::integer AS delta
        FROM (
          SELECT w, 1 FROM unnest(new_words) AS w
          UNION ALL SELECT w, -1 FROM unnest(old_words) AS w
        ) AS one (word, delta)
        GROUP BY word HAVING sum(delta) <> 0
      ), counted AS (
        INSERT INTO search_vocabulary AS v (account_id, word, items)
          SELECT account, word, delta FROM change ORDER BY word
          ON CONFLICT (account_id, word) DO UPDATE SET items = v.items + excluded.items
          RETURNING v.word, v.items
      ), added AS (
        -- New to the account: it now counts exactly what this change added (a word at 0 is deleted).
        SELECT counted.word FROM counted JOIN change USING (word) WHERE change.delta > 0 AND counted.items = change.delta
      )
      INSERT INTO search_vocabulary_variants (account_id, variant, word)
        SELECT account, variant, added.word FROM added, unnest(search_word_variants(added.word)) AS variant
        ON CONFLICT DO NOTHING;
      DELETE FROM search_vocabulary WHERE account_id = account AND word = ANY(old_words) AND items <= 0;
      RETURN NULL;
    END $$;

    DROP TABLE search_vocabulary_grams;
    DROP FUNCTION search_word_grams(text);
    ALTER TABLE search_vocabulary DROP COLUMN gram_count;
  `.execute(db);
}
