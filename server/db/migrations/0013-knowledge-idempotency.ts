import { sql, type Kysely } from 'kysely';

/**
 * A create whose answer was lost (a dropped connection, a restart) is retried
 * by the client with the same Idempotency-Key; the key is stored with the item
 * it made, in the same statement, so the retry finds that item instead of
 * making a second one. Keys are the writer's own, in one workspace.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE knowledge ADD COLUMN idempotency_key text;
    CREATE UNIQUE INDEX knowledge_idempotency_key_idx ON knowledge (account_id, user_id, idempotency_key)
      WHERE idempotency_key IS NOT NULL;
  `.execute(db);
}
