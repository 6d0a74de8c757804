import { sql, type Kysely } from 'kysely';

/**
 * Wrong two-factor codes are counted per user, not per session (issue 30, decision 26):
 * three lock the user's second factor for 30 s in every session, so a new session or
 * another sign-in link no longer buys three fresh tries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE two_factor_attempts (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      failures integer NOT NULL DEFAULT 0,
      locked_until timestamptz
    );
    ALTER TABLE sessions DROP COLUMN second_factor_failures, DROP COLUMN second_factor_locked_until;
  `.execute(db);
}
