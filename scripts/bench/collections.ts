import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';

/** Collections the benchmark's large workspace is organised into (issue 32). */
export const BENCH_COLLECTIONS = 50;
/** Each collection's items form trees this many levels deep: two pages under each, 63 to a tree (so at 5,000 items too). */
export const TREE_LEVELS = 6;
const FAN_OUT = 2;
/** Items in one tree of TREE_LEVELS levels with FAN_OUT pages under each: 1 + 2 + ... + 2^5. */
const TREE_SIZE = (FAN_OUT ** TREE_LEVELS - 1) / (FAN_OUT - 1);

/**
 * Organises a loaded workspace as a team would have it (decision 35): its items spread over
 * BENCH_COLLECTIONS collections (the first, 'General', already there), and within each, trees
 * TREE_LEVELS levels deep. Answers the collections' ids, in order.
 */
export async function organiseWorkspace(db: Kysely<DB>, accountId: string): Promise<string[]> {
  await sql`
    INSERT INTO collections (account_id, name, position)
    SELECT ${accountId}, 'Bench collection ' || n, n FROM generate_series(1, ${BENCH_COLLECTIONS - 1}) AS n`.execute(
    db,
  );
  const collections = await db
    .selectFrom('collections')
    .select('id')
    .where('account_id', '=', accountId)
    .orderBy('position')
    .execute();
  const ids = collections.map((row) => row.id);
  // The whole workspace in one transaction: its change events and counts are written once, at commit.
  await db.transaction().execute(async (trx) => {
    await sql`
      UPDATE knowledge k SET collection_id = (${ids}::uuid[])[(spread.n % ${ids.length}) + 1], parent_id = NULL
      FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM knowledge WHERE account_id = ${accountId}) spread
      WHERE k.id = spread.id`.execute(trx);
    // Within a collection the r-th item (by id) is in tree r / TREE_SIZE; in it, place p's parent is (p - 1) / FAN_OUT.
    await sql`
      WITH ranked AS (
        SELECT id, collection_id, row_number() OVER (PARTITION BY collection_id ORDER BY id) - 1 AS r
        FROM knowledge WHERE account_id = ${accountId}
      )
      UPDATE knowledge k SET position = a.r % ${TREE_SIZE}, parent_id = b.id
      FROM ranked a LEFT JOIN ranked b ON b.collection_id = a.collection_id AND a.r % ${TREE_SIZE} <> 0
        AND b.r = (a.r / ${TREE_SIZE}) * ${TREE_SIZE} + ((a.r % ${TREE_SIZE}) - 1) / ${FAN_OUT}
      WHERE k.id = a.id`.execute(trx);
  });
  return ids;
}

/**
 * The deepest item of the workspace: the benchmark opens it, its breadcrumbs five ancestors
 * long, and reads the level of the tree it sits in.
 */
export async function deepestItem(
  db: Kysely<DB>,
  accountId: string,
): Promise<{ shortId: string; collectionId: string; parentId: string }> {
  const result = await sql<{ short_id: string; collection_id: string; parent_id: string }>`
    SELECT k.short_id, k.collection_id, k.parent_id FROM knowledge k
    JOIN knowledge p1 ON p1.id = k.parent_id JOIN knowledge p2 ON p2.id = p1.parent_id
    JOIN knowledge p3 ON p3.id = p2.parent_id JOIN knowledge p4 ON p4.id = p3.parent_id
    JOIN knowledge p5 ON p5.id = p4.parent_id
    WHERE k.account_id = ${accountId} LIMIT 1`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('The workspace has no tree six levels deep: seed more items');
  return { shortId: row.short_id, collectionId: row.collection_id, parentId: row.parent_id };
}
