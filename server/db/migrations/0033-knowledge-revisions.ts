import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, decision 31: edits are never lost.
 *
 * `knowledge.version` counts the saves that changed an item's title, content or
 * tags; an edit names the version it was based on and is refused (409) when the
 * item has moved on, so no save silently overwrites another. `updated_by` is who
 * made the current version: edits before this migration recorded no editor, so
 * only items never edited are put down to their author. `restored_from` names the
 * version a restore brought back (null for an edit).
 *
 * `knowledge_revisions` keeps each earlier version of an item whole (title,
 * content, tags, who made it and when, an optional name), written in the save's
 * transaction just before the save replaces it: nothing a save or a restore
 * replaces is destroyed, and an item never edited costs nothing. Revisions go
 * with their item and with its account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE knowledge
      ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      ADD COLUMN updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN restored_from integer;
    UPDATE knowledge SET updated_by = user_id WHERE updated_at = created_at;

    CREATE TABLE knowledge_revisions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      knowledge_id uuid NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      version integer NOT NULL,
      title text NOT NULL,
      content text NOT NULL,
      tags text[] NOT NULL,
      saved_by uuid REFERENCES users (id) ON DELETE SET NULL,
      saved_at timestamptz NOT NULL,
      name text,
      restored_from integer,
      UNIQUE (knowledge_id, version)
    );
  `.execute(db);
}
