import { sql, type Kysely } from 'kysely';

/**
 * The words a workspace writes otherwise than their term ("running", "runs" for "run") move
 * from `search_vocabulary` onto their term's row in `search_term_counts`, as `forms` (decision
 * 47). One trigram index, over each row's offered words (`search_offered_words`: the term when
 * it is written as a word, then its forms), serves spelling and completion; the vocabulary's
 * heap, key and trigram index go: 1.6 MB of the Python docs' 10.4 MB of text.
 *
 * The counts are written anew, so the table keeps no room of rows rewritten; words whose
 * term no item holds any more go (they were never offered).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION search_offered_words(term text, written boolean, forms text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE WHEN written THEN ' ' || term ELSE '' END || COALESCE(' ' || forms, '');
    COMMENT ON FUNCTION search_offered_words(text, boolean, text) IS
      'A term''s words as spelling and completion offer them, each after a space (so a prefix is LIKE ''% prefix%'').';

    ALTER TABLE search_term_counts RENAME TO search_term_counts_before;
    ALTER TABLE search_term_counts_before RENAME CONSTRAINT search_term_counts_pkey TO search_term_counts_before_pkey;
    CREATE TABLE search_term_counts (
      account_key integer NOT NULL REFERENCES accounts (search_key) ON DELETE CASCADE,
      term text COLLATE "C" NOT NULL,
      written boolean NOT NULL DEFAULT false,
      items integer NOT NULL,
      passages integer NOT NULL,
      outlines integer NOT NULL,
      forms text COLLATE "C",
      PRIMARY KEY (account_key, term)
    );
    INSERT INTO search_term_counts (account_key, term, written, items, passages, outlines, forms)
    SELECT c.account_key, c.term, c.written, c.items, c.passages, c.outlines,
      (SELECT string_agg(v.word, ' ' ORDER BY v.word) FROM search_vocabulary v WHERE v.account_key = c.account_key AND v.term = c.term)
    FROM search_term_counts_before c
    ORDER BY c.account_key, c.term;
    DROP TABLE search_term_counts_before;
    DROP TABLE search_vocabulary;
    CREATE INDEX search_term_counts_offered_trigram_idx ON search_term_counts
      USING gin (search_offered_words(term, written, forms) gin_trgm_ops) WITH (fastupdate = off)
      WHERE written OR forms IS NOT NULL;

    COMMENT ON TABLE search_term_counts IS
      'Per account and term, in how many items, passages and outlines it is: BM25''s document frequencies; and the words spelling and completion offer for it.';
    COMMENT ON COLUMN search_term_counts.written IS
      'Some item writes the term as a word, as it is: spelling and completion offer it (decision 46).';
    COMMENT ON COLUMN search_term_counts.forms IS
      'The words items write otherwise than the term ("running runs" for "run"), space-separated: spelling and completion offer them too (decision 47).';
  `.execute(db);
}
