import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, decision 36: personal API tokens.
 *
 * A token belongs to one person in one workspace and reaches it with that person's
 * rights there, read-only or read-write. Only its SHA-256 is stored (a token is 256
 * random bits, so a fast hash is enough), with its first characters to recognise it
 * by. It goes with its membership: removing someone from a workspace, or deleting
 * the workspace, deletes their tokens for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL,
      account_id uuid NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      access text NOT NULL CHECK (access IN ('read', 'write')),
      token_hash text NOT NULL UNIQUE,
      token_start text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      last_used_at timestamptz,
      FOREIGN KEY (account_id, user_id) REFERENCES account_members (account_id, user_id) ON DELETE CASCADE
    );
    CREATE INDEX api_tokens_user_id_idx ON api_tokens (user_id, created_at DESC);
  `.execute(db);
}
