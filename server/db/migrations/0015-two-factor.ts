import { sql, type Kysely } from 'kysely';

/**
 * Two-factor sign-in (decision 4). A factor is an authenticator app's secret,
 * encrypted; `last_used_step` is the TOTP time step of the last code accepted,
 * so no code is accepted twice. Recovery codes are stored hashed and used once.
 * Each session says where it stands: 'none' (no factor to ask for), 'pending'
 * (may only verify, read its factors and sign out) or 'verified'; wrong codes
 * are counted on it and lock it for a while.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE two_factor_factors (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      friendly_name text NOT NULL,
      secret_encrypted text NOT NULL,
      status text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
      last_used_step integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, friendly_name)
    );
    CREATE UNIQUE INDEX two_factor_factors_one_verified_idx ON two_factor_factors (user_id) WHERE status = 'verified';

    CREATE TABLE two_factor_recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      UNIQUE (user_id, code_hash)
    );

    ALTER TABLE sessions
      ADD COLUMN second_factor text NOT NULL DEFAULT 'none' CHECK (second_factor IN ('none', 'pending', 'verified')),
      ADD COLUMN second_factor_failures integer NOT NULL DEFAULT 0,
      ADD COLUMN second_factor_locked_until timestamptz;
  `.execute(db);
}
