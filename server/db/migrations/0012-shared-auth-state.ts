import { sql, type Kysely } from 'kysely';

/**
 * What every Lore process on one database must agree on lives in it: the
 * generated secret that signs sessions (when AUTH_SECRET is not set), and
 * better-auth's request counters (per process, each process allowed its own
 * share). last_request is milliseconds since 1970, exact in float8.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE settings (
      name text PRIMARY KEY,
      value text NOT NULL
    );
    CREATE TABLE auth_rate_limits (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      key text NOT NULL UNIQUE,
      count integer NOT NULL,
      last_request float8 NOT NULL
    );
    CREATE INDEX auth_rate_limits_last_request_idx ON auth_rate_limits (last_request);
  `.execute(db);
}
