import { sql, type Kysely } from 'kysely';

/**
 * The tree index holds a level in the order the tree shows it (collection, parent, place,
 * then id for two at one place), so a page of a level is read from the index in order and
 * stops at the page: a level of 100,000 pages costs what one of a hundred does. Before, a
 * level was sorted by place and title, which the index could not give, so every page of a
 * level sorted the whole level.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX knowledge_tree_order_idx ON knowledge (collection_id, parent_id, position, id);
    DROP INDEX knowledge_tree_idx;
    ALTER INDEX knowledge_tree_order_idx RENAME TO knowledge_tree_idx;
  `.execute(db);
}
