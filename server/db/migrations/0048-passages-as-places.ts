import { sql, type Kysely } from 'kysely';

/**
 * A passage row is its place in its item and its heading, the key of its embedding
 * (decision 46). Its workspace is its item's (the item's own foreign key takes it away
 * with the workspace); its length was never read (BM25 reads the item's layout); its kind
 * is always a body passage since the outline rows went (decision 29). A row was 104 bytes
 * with them, 80 without, and the workspace's index of them goes too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE search_passages DROP COLUMN account_id, DROP COLUMN kind, DROP COLUMN length;
    COMMENT ON TABLE search_passages IS
      'A part of an item (the text under one heading) by its place and heading: the key of its embedding.';
  `.execute(db);
}
