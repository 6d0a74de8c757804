import { sql } from 'kysely';
import type { Executor } from './executor';

/**
 * Moves in one workspace's trees take turns until their transaction ends: two
 * moves checked at once could each pass the cycle check and together make a
 * cycle (A under B while B goes under A).
 */
export async function lockTrees(trx: Executor, accountId: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('lore.tree'), hashtext(${accountId}))`.execute(trx);
}

/** An item's place in its tree, locked until the transaction ends. */
export async function lockItemPlace(trx: Executor, accountId: string, id: string) {
  return trx
    .selectFrom('knowledge')
    .select(['id', 'account_id', 'collection_id', 'parent_id', 'position'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The item's ancestors, from the top of its collection down to its parent. */
export async function ancestorsOf(db: Executor, accountId: string, id: string) {
  const result = await sql<{ id: string; short_id: string; title: string; depth: number }>`
    WITH RECURSIVE up (id, parent_id, depth) AS (
      SELECT k.id, k.parent_id, 0 FROM knowledge k WHERE k.id = ${id} AND k.account_id = ${accountId}
      UNION ALL
      SELECT p.id, p.parent_id, up.depth + 1 FROM knowledge p JOIN up ON p.id = up.parent_id
      WHERE up.depth < 10000
    )
    SELECT k.id, k.short_id, k.title, up.depth FROM up JOIN knowledge k ON k.id = up.id
    WHERE up.depth > 0 ORDER BY up.depth DESC`.execute(db);
  return result.rows.map(({ id: itemId, short_id, title }) => ({ id: itemId, short_id, title }));
}

/** The item and every item below it, at any depth. */
export async function subtreeIds(db: Executor, accountId: string, id: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    WITH RECURSIVE down (id) AS (
      SELECT id FROM knowledge WHERE id = ${id} AND account_id = ${accountId}
      UNION
      SELECT k.id FROM knowledge k JOIN down ON k.parent_id = down.id
    )
    SELECT id FROM down`.execute(db);
  return result.rows.map((row) => row.id);
}

/** The items directly under an item, in their order. */
export async function childrenOf(db: Executor, accountId: string, id: string) {
  return db
    .selectFrom('knowledge')
    .select(['id', 'short_id', 'title'])
    .where('account_id', '=', accountId)
    .where('parent_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The ids of the items under `parentId` (the top of the collection when null), in their order. */
export async function siblingIds(db: Executor, collectionId: string, parentId: string | null): Promise<string[]> {
  const rows = await db
    .selectFrom('knowledge')
    .select('id')
    .where('collection_id', '=', collectionId)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Puts these items under `parentId` of `collectionId`, numbered in the order given. */
export async function placeItems(
  trx: Executor,
  accountId: string,
  place: { collectionId: string; parentId: string | null },
  ids: string[],
) {
  if (ids.length === 0) return;
  await sql`
    UPDATE knowledge k SET collection_id = ${place.collectionId}, parent_id = ${place.parentId}, position = o.place - 1
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o (id, place)
    WHERE k.id = o.id AND k.account_id = ${accountId}`.execute(trx);
}

/**
 * Moves a subtree (`ids`, its root `rootId` among them) under `parentId` of
 * `collectionId`, in one statement: the parent keys are checked at its end, when
 * the whole subtree has reached the collection.
 */
export async function moveSubtree(
  trx: Executor,
  accountId: string,
  subtree: { rootId: string; ids: string[] },
  place: { collectionId: string; parentId: string | null },
) {
  await sql`
    UPDATE knowledge SET collection_id = ${place.collectionId},
      parent_id = CASE WHEN id = ${subtree.rootId} THEN ${place.parentId}::uuid ELSE parent_id END
    WHERE account_id = ${accountId} AND id = ANY(${subtree.ids}::uuid[])`.execute(trx);
}

/** The collection an item is in, if it exists. */
export async function collectionOfItem(db: Executor, accountId: string, id: string) {
  const row = await db
    .selectFrom('knowledge')
    .select('collection_id')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.collection_id;
}
