import { sql, type Kysely } from 'kysely';

/**
 * Like items (0013): a workspace create whose answer was lost is retried with
 * the same Idempotency-Key and finds the workspace the first made. Keys are the
 * creator's own, so the account remembers who created it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE accounts
      ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN idempotency_key text;
    CREATE UNIQUE INDEX accounts_idempotency_key_idx ON accounts (created_by, idempotency_key)
      WHERE idempotency_key IS NOT NULL;
  `.execute(db);
}
