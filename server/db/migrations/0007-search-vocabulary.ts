import { sql, type Kysely } from 'kysely';

/**
 * The words of each workspace, for the list's keyword search: the last word
 * typed matches as a prefix, and a misspelt word gets "Did you mean ...?".
 *
 * - `search_item_words`: one row per item, its distinct folded words and the
 *   terms of its title and tags (written when the item is indexed).
 * - `search_vocabulary`: the account's distinct words with how many items use
 *   each, kept by a trigger on the row above (also on delete, by cascade).
 *   Words sort in byte order (COLLATE "C") so a prefix is an index range.
 * - `search_vocabulary_grams`: the trigrams of each word, our own trigram index
 *   for spelling suggestions: the same on PGlite and PostgreSQL, no extension.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE search_item_words (
      knowledge_id uuid PRIMARY KEY REFERENCES knowledge (id) ON DELETE CASCADE,
      account_id uuid NOT NULL,
      words text[] NOT NULL,
      title_terms text[] NOT NULL,
      tag_terms text[] NOT NULL
    );

    -- No foreign key to accounts: rows leave through the trigger as the account's items go.
    CREATE TABLE search_vocabulary (
      account_id uuid NOT NULL,
      word text COLLATE "C" NOT NULL,
      items integer NOT NULL,
      PRIMARY KEY (account_id, word)
    );

    CREATE TABLE search_vocabulary_grams (
      account_id uuid NOT NULL,
      gram text NOT NULL,
      word text COLLATE "C" NOT NULL,
      PRIMARY KEY (account_id, gram, word),
      FOREIGN KEY (account_id, word) REFERENCES search_vocabulary (account_id, word) ON DELETE CASCADE
    );
    CREATE INDEX search_vocabulary_grams_word_idx ON search_vocabulary_grams (account_id, word);

    -- Distinct trigrams of a word padded as pg_trgm does ("  ab "), so short words have some too.
    CREATE FUNCTION search_word_grams(word text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT AS $$
      SELECT coalesce(array_agg(DISTINCT substr(padded, i, 3)), '{}')
      FROM (SELECT '  ' || word || ' ' AS padded) p, generate_series(1, length(padded) - 2) AS i
    $$;

    -- One statement, in word order, per change: concurrent saves lock vocabulary rows in the same order.
    -- Only a word new to the account (now used by one item) gets its trigrams written.
    CREATE FUNCTION search_item_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_words text[] := '{}';
      new_words text[] := '{}';
      account uuid;
    BEGIN
      IF TG_OP <> 'INSERT' THEN old_words := OLD.words; account := OLD.account_id; END IF;
      IF TG_OP <> 'DELETE' THEN new_words := NEW.words; account := NEW.account_id; END IF;
      WITH counted AS (
        INSERT INTO search_vocabulary AS v (account_id, word, items)
          SELECT account, change.word, sum(change.delta)::integer
          FROM (
            SELECT w, 1 FROM unnest(new_words) AS w
            UNION ALL SELECT w, -1 FROM unnest(old_words) AS w
          ) AS change (word, delta)
          GROUP BY change.word HAVING sum(change.delta) <> 0
          ORDER BY change.word
          ON CONFLICT (account_id, word) DO UPDATE SET items = v.items + excluded.items
          RETURNING v.word, v.items
      )
      INSERT INTO search_vocabulary_grams (account_id, gram, word)
        SELECT account, gram, counted.word FROM counted, unnest(search_word_grams(counted.word)) AS gram
        WHERE counted.items = 1 AND counted.word = ANY(new_words)
        ON CONFLICT DO NOTHING;
      DELETE FROM search_vocabulary WHERE account_id = account AND word = ANY(old_words) AND items <= 0;
      RETURN NULL;
    END $$;
    CREATE TRIGGER search_item_words_vocabulary
      AFTER INSERT OR UPDATE OR DELETE ON search_item_words
      FOR EACH ROW EXECUTE FUNCTION search_item_words_changed();

    -- Existing items get their words through the start-up indexing pass (decision 9).
    UPDATE knowledge SET search_version = 0;
  `.execute(db);
}
