import { sql, type Kysely } from 'kysely';
import { knowledgePreview } from '../../content/knowledge-html';

/** Items whose preview one statement of the backfill writes. */
const BACKFILL_BATCH = 500;

/**
 * Lists at scale (issue 14, decision 20):
 * - `knowledge.preview`: the card's plain text, written when the item is saved,
 *   so a list no longer reads and strips every item's HTML on each request;
 *   filled here for the items there are.
 * - The list's order (newest change, then id) is one index, so a page is read
 *   straight from it; the weekly chart's (account, creation date) is another.
 * - `search_vector`, its trigger and its index go: nothing has read them since the
 *   list searches the ranked index (decision 10), and the trigger cost every save
 *   about 6 ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE knowledge ADD COLUMN preview text NOT NULL DEFAULT '';
    DROP TRIGGER knowledge_search_vector_update ON knowledge;
    DROP FUNCTION knowledge_search_vector();
    DROP INDEX knowledge_search_idx;
    ALTER TABLE knowledge DROP COLUMN search_vector;
    DROP INDEX knowledge_account_updated_idx;
    CREATE INDEX knowledge_account_updated_idx ON knowledge (account_id, updated_at DESC, id DESC);
    CREATE INDEX knowledge_account_created_idx ON knowledge (account_id, created_at);
  `.execute(db);

  // The preview is made by the same code that makes it on save; in batches, by id, so memory stays flat.
  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const { rows } = await sql<{ id: string; content: string }>`
      SELECT id, content FROM knowledge WHERE id > ${after}::uuid ORDER BY id LIMIT ${BACKFILL_BATCH}
    `.execute(db);
    if (rows.length === 0) break;
    await sql`
      UPDATE knowledge k SET preview = p.preview
      FROM unnest(${rows.map((row) => row.id)}::uuid[], ${rows.map((row) => knowledgePreview(row.content))}::text[])
        AS p (id, preview)
      WHERE k.id = p.id
    `.execute(db);
    after = rows.at(-1)!.id;
  }
}
