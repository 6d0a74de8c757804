import { sql, type Kysely } from 'kysely';

/**
 * PDFs attached to knowledge items (issue 12): the stored file and its
 * first-page thumbnail in the `knowledge-pdfs` bucket, the name it was
 * uploaded under and the text the server extracted (indexed with the item's
 * body). Listed by created_at ascending; the first one's thumbnail is the card's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE knowledge_pdfs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      pdf_path text NOT NULL,
      filename text NOT NULL,
      thumbnail_path text NOT NULL,
      text text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (knowledge_id, pdf_path)
    );
    CREATE INDEX knowledge_pdfs_knowledge_idx ON knowledge_pdfs (knowledge_id, created_at);
    CREATE INDEX knowledge_pdfs_account_path_idx ON knowledge_pdfs (account_id, pdf_path);
  `.execute(db);
}
