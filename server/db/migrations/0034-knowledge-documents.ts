import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, decision 34: live co-editing.
 *
 * `knowledge_documents` holds an item's Yjs document as one compacted state, with the
 * last update it includes (`compacted_through`), and which version of the item the
 * document last wrote (`derived_version`): a version the document did not write was
 * saved through the API (or restored) and is applied to the document; `written_version`,
 * the last one it wrote itself (an autosave, replaced without a revision: the quiet after
 * an editing session keeps one).
 * `knowledge_document_updates` keeps each update as it arrives, before the server
 * acknowledges it; compaction folds them into the state. Both go with their item.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE knowledge_documents (
      knowledge_id uuid PRIMARY KEY REFERENCES knowledge (id) ON DELETE CASCADE,
      state bytea NOT NULL,
      compacted_through bigint NOT NULL DEFAULT 0,
      derived_version integer,
      written_version integer,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE knowledge_document_updates (
      id bigserial PRIMARY KEY,
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      update bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX knowledge_document_updates_item ON knowledge_document_updates (knowledge_id, id);
  `.execute(db);
}
