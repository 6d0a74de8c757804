import { sql, type Kysely } from 'kysely';

/**
 * Resumable imports (issue 30, decision 28): each imported item keeps the
 * identity of what it was imported from (a hash of the file's path and bytes,
 * or of a Lore export's item), unique in its workspace, so running an
 * interrupted import again skips what already came in instead of adding it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE knowledge ADD COLUMN import_key text;
    CREATE UNIQUE INDEX knowledge_import_key_idx ON knowledge (account_id, import_key) WHERE import_key IS NOT NULL;
  `.execute(db);
}
