import { sql, type Kysely } from 'kysely';

/**
 * Login sessions (issue 10): each browser keeps a random id (`app_session_id`)
 * for its sign-in, pings activity with it and asks by it whether it was ended
 * elsewhere ('Sign Out Everywhere Else'). A row outlives its auth session, so the
 * browser can still learn why it was signed out. Sessions also remember how they
 * were signed in, for the sessions page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions ADD COLUMN sign_in_method text;
    CREATE TABLE login_sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      auth_session_id uuid REFERENCES sessions (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_active_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      end_reason text CHECK (end_reason IN ('signed_out', 'force_logout')),
      CHECK ((ended_at IS NULL) = (end_reason IS NULL))
    );
    CREATE INDEX login_sessions_user_id_idx ON login_sessions (user_id);
    CREATE INDEX login_sessions_auth_session_id_idx ON login_sessions (auth_session_id);
  `.execute(db);
}
