import { sql, type Kysely } from 'kysely';

/** Invitations to join an account: single-use tokens stored hashed, 7-day expiry. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pending_invites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = lower(email)),
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('admin', 'member')),
      token_hash text NOT NULL UNIQUE,
      invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      cancelled_invite boolean NOT NULL DEFAULT false,
      accepted_at timestamptz,
      accepted_by uuid REFERENCES users (id) ON DELETE SET NULL
    );
    CREATE INDEX pending_invites_account_idx ON pending_invites (account_id, created_at DESC);
    CREATE INDEX pending_invites_email_idx ON pending_invites (email);
    -- One open invite per address and account, even under concurrent requests.
    CREATE UNIQUE INDEX pending_invites_one_open_idx ON pending_invites (account_id, email)
      WHERE cancelled_invite = false AND accepted_at IS NULL;
  `.execute(db);
}
