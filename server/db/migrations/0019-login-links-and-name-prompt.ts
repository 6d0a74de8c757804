import { sql, type Kysely } from 'kysely';

/**
 * Issue 15. `login_links` remembers each login link Lore mailed, by its token's
 * hash (never the token), so a link that no longer works can say why (used or
 * expired) and offer a new one to the same address: only for a token Lore really
 * issued (decision 22). `profiles.name_prompt_skipped_at` remembers that someone
 * chose not to give a name when first asked, so they are asked once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_links (
      token_hash text PRIMARY KEY,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_links_expires_at_idx ON login_links (expires_at);
    ALTER TABLE profiles ADD COLUMN name_prompt_skipped_at timestamptz;
  `.execute(db);
}
