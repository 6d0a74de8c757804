import { sql, type Kysely } from 'kysely';

/**
 * Most of a workspace's words are written as the term they are indexed by ("python",
 * "function"): two in three on the Python docs. Such a word is now a flag on its term's
 * row in `search_term_counts` (`written`), and the vocabulary keeps only the words written
 * otherwise ("running" for "run"); spelling and completion read both (decision 46).
 * A vocabulary row with its key and trigrams cost 145 bytes a word.
 *
 * Both tables are written anew, so that neither keeps the space of the rows that leave
 * it, and the flag sits beside the term where the row has room for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE search_term_counts RENAME TO search_term_counts_before;
    ALTER TABLE search_term_counts_before RENAME CONSTRAINT search_term_counts_pkey TO search_term_counts_before_pkey;
    CREATE TABLE search_term_counts (
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      term text COLLATE "C" NOT NULL,
      written boolean NOT NULL DEFAULT false,
      items integer NOT NULL,
      passages integer NOT NULL,
      outlines integer NOT NULL,
      PRIMARY KEY (account_id, term)
    );
    INSERT INTO search_term_counts (account_id, term, written, items, passages, outlines)
    SELECT c.account_id, c.term, v.word IS NOT NULL, c.items, c.passages, c.outlines
    FROM search_term_counts_before c
    LEFT JOIN search_vocabulary v ON v.account_id = c.account_id AND v.word = c.term AND v.term = c.term
    ORDER BY c.account_id, c.term;
    DROP TABLE search_term_counts_before;
    CREATE INDEX search_term_counts_written_trigram_idx ON search_term_counts
      USING gin (term gin_trgm_ops) WITH (fastupdate = off) WHERE written;

    ALTER TABLE search_vocabulary RENAME TO search_vocabulary_before;
    ALTER TABLE search_vocabulary_before RENAME CONSTRAINT search_vocabulary_pkey TO search_vocabulary_before_pkey;
    ALTER INDEX search_vocabulary_trigram_idx RENAME TO search_vocabulary_before_trigram_idx;
    CREATE TABLE search_vocabulary (
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      word text COLLATE "C" NOT NULL,
      term text COLLATE "C" NOT NULL,
      PRIMARY KEY (account_id, word)
    );
    INSERT INTO search_vocabulary (account_id, word, term)
    SELECT account_id, word, term FROM search_vocabulary_before WHERE word <> term ORDER BY account_id, word;
    DROP TABLE search_vocabulary_before;
    CREATE INDEX search_vocabulary_trigram_idx ON search_vocabulary USING gin (word gin_trgm_ops) WITH (fastupdate = off);

    COMMENT ON TABLE search_term_counts IS
      'Per account and term, in how many items, passages and outlines it is: BM25''s document frequencies.';
    COMMENT ON COLUMN search_term_counts.written IS
      'Some item writes the term as a word, as it is: spelling and completion offer it (decision 46).';
    COMMENT ON TABLE search_vocabulary IS
      'Per account, the words its items write otherwise than the term they are indexed by ("running" for "run"), for completing a last word and correcting a misspelt one (decision 46).';
    COMMENT ON COLUMN search_vocabulary.term IS
      'The term the word is indexed by: how many items use it is that term''s count in search_term_counts.';
  `.execute(db);
}
