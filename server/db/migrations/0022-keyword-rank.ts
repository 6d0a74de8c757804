import { sql, type Kysely } from 'kysely';

/**
 * The list's keyword search at 100,000 items (issue 14, decision 20).
 *
 * - `search_terms.keyword_rank`, on each whole-item posting (kind 2): where the
 *   term stands in the item (title 3, tags 2, text 1) plus the posting's impact
 *   (its BM25 term weight, below 1), so "where it matched, then how well" is one
 *   number, and a partial index orders each term's items by it: a search for a
 *   word in most items reads the first page's items, not every item with it.
 * - `search_vocabulary.gram_count`: how many trigrams a word has, so the spelling
 *   suggestion's similarity no longer computes every candidate's trigrams; the
 *   vocabulary trigger sets it for each new word.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A large index has tens of millions of postings: the update writes a third of them
    -- once, with the table's indexes dropped, and the indexes are then built in one
    -- sort each, rather than kept up row by row (hours at 100,000 items).
    ALTER TABLE search_terms ADD COLUMN keyword_rank real;
    DROP INDEX search_terms_impact_idx;
    DROP INDEX search_terms_item_idx;
    UPDATE search_terms t
    SET keyword_rank = least(t.impact, 0.999)
      + CASE WHEN t.term = ANY(w.title_terms) THEN 3 WHEN t.term = ANY(w.tag_terms) THEN 2 ELSE 1 END
    FROM search_item_words w
    WHERE t.kind = 2 AND w.knowledge_id = t.knowledge_id;
    CREATE INDEX search_terms_impact_idx ON search_terms (account_id, term, kind, impact DESC, passage_id)
      INCLUDE (knowledge_id, frequency, length);
    CREATE INDEX search_terms_item_idx ON search_terms (knowledge_id, term);
    CREATE INDEX search_terms_keyword_idx ON search_terms (account_id, term, keyword_rank DESC NULLS LAST)
      INCLUDE (knowledge_id) WHERE kind = 2;

    ALTER TABLE search_vocabulary ADD COLUMN gram_count smallint;
    UPDATE search_vocabulary v SET gram_count = g.grams
    FROM (SELECT account_id, word, count(*) AS grams FROM search_vocabulary_grams GROUP BY account_id, word) g
    WHERE v.account_id = g.account_id AND v.word = g.word;

    -- As in 0007, and each word new to the account gets its trigram count with its trigrams.
    CREATE OR REPLACE FUNCTION search_item_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_words text[] := '{}';
      new_words text[] := '{}';
      fresh text[];
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
      ), added AS (
        SELECT counted.word FROM counted WHERE counted.items = 1 AND counted.word = ANY(new_words)
      ), grams AS (
        INSERT INTO search_vocabulary_grams (account_id, gram, word)
          SELECT account, gram, added.word FROM added, unnest(search_word_grams(added.word)) AS gram
          ON CONFLICT DO NOTHING
      )
      SELECT array_agg(added.word) INTO fresh FROM added;
      IF fresh IS NOT NULL THEN
        UPDATE search_vocabulary SET gram_count = cardinality(search_word_grams(word))
        WHERE account_id = account AND word = ANY(fresh);
      END IF;
      DELETE FROM search_vocabulary WHERE account_id = account AND word = ANY(old_words) AND items <= 0;
      RETURN NULL;
    END $$;
  `.execute(db);
}
