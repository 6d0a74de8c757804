import { sql, type Kysely } from 'kysely';

/**
 * The ranked-retrieval index (decision 9): items split into passages, and an
 * inverted index of weighted term frequencies per passage. It lives in the
 * database so every Lore process on one PostgreSQL reads the same, current index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE knowledge ADD COLUMN search_version integer NOT NULL DEFAULT 0;

    CREATE TABLE search_passages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      position integer NOT NULL,
      heading text NOT NULL,
      body text NOT NULL,
      length real NOT NULL
    );
    CREATE INDEX search_passages_knowledge_idx ON search_passages (knowledge_id);
    CREATE INDEX search_passages_account_idx ON search_passages (account_id);

    CREATE TABLE search_terms (
      account_id uuid NOT NULL,
      term text NOT NULL,
      passage_id bigint NOT NULL REFERENCES search_passages (id) ON DELETE CASCADE,
      frequency real NOT NULL,
      PRIMARY KEY (account_id, term, passage_id)
    );
    CREATE INDEX search_terms_passage_idx ON search_terms (passage_id);
  `.execute(db);
}
