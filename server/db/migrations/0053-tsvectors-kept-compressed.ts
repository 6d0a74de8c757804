import { sql, type Kysely } from 'kysely';

/**
 * The items' tsvectors are kept compressed by lz4 where the server has it (PostgreSQL built
 * with lz4; PGlite is not). PostgreSQL's default, pglz, keeps a long value compressed only
 * when that saves a quarter of it, and a tsvector's sorted lexemes and positions never do, so
 * they were stored whole; lz4 keeps any saving: 5-7% of them on the bench corpus, 6% on the
 * Python docs (decision 54). Values are compressed as they are written: an item's index is
 * compressed at its next indexing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ lz4: boolean }>`
    SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'
  `.execute(db);
  if (rows[0]?.lz4) await sql`ALTER TABLE search_items ALTER COLUMN vector SET COMPRESSION lz4`.execute(db);
}
