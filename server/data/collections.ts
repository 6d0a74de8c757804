import { sql } from 'kysely';
import { withinScope, type ReadScope } from './collection-access';
import type { Executor } from './executor';

/** What a collection's row holds, for the API. */
const collectionColumns = [
  'collections.id',
  'collections.account_id',
  'collections.name',
  'collections.description',
  'collections.color',
  'collections.position',
  'collections.restricted',
] as const;

/** The collections of the scope, in their order, each with the members chosen for it (for restricted ones). */
export async function listCollections(db: Executor, scope: ReadScope) {
  const rows = await db
    .selectFrom('collections')
    .select(collectionColumns)
    .select(
      sql<string[]>`coalesce((SELECT array_agg(m.user_id ORDER BY m.user_id) FROM collection_members m
        WHERE m.collection_id = collections.id), '{}')`.as('member_ids'),
    )
    .where('collections.account_id', '=', scope.accountId)
    .where(withinScope(scope, 'collections.id'))
    .orderBy('collections.position')
    .orderBy('collections.created_at')
    .execute();
  return rows;
}
export type CollectionRow = Awaited<ReturnType<typeof listCollections>>[number];

/** One collection of the workspace (whatever the scope: callers check it). */
export async function findCollection(db: Executor, accountId: string, id: string) {
  return db
    .selectFrom('collections')
    .select(collectionColumns)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An item as the tree shows it, and whether items sit under it. */
export interface TreeRow {
  id: string;
  short_id: string;
  title: string;
  parent_id: string | null;
  position: number;
  has_children: boolean;
}

/**
 * One page of a level of a collection's tree (the caller checked the collection is in scope):
 * the items directly under `parentId` (its top when null) in the tree index's order (place,
 * then id; the parent first so the top level reads it in order too: migration 0045). One more
 * row than a page is read, to tell whether another follows. Whether pages sit under a row is
 * one probe of the index: a scalar subquery, as the planner may turn an EXISTS into a hash of
 * every item of the workspace.
 */
export async function listTreeLevel(
  db: Executor,
  level: { accountId: string; collectionId: string; parentId: string | null; page: number; pageSize: number },
): Promise<TreeRow[]> {
  const under = level.parentId === null ? sql`k.parent_id IS NULL` : sql`k.parent_id = ${level.parentId}`;
  const result = await sql<TreeRow>`
    SELECT k.id, k.short_id, k.title, k.parent_id, k.position,
      (SELECT 1 FROM knowledge child WHERE child.collection_id = k.collection_id AND child.parent_id = k.id LIMIT 1)
        IS NOT NULL AS has_children
    FROM knowledge k
    WHERE k.account_id = ${level.accountId} AND k.collection_id = ${level.collectionId} AND ${under}
    ORDER BY k.parent_id, k.position, k.id
    LIMIT ${level.pageSize + 1} OFFSET ${level.page * level.pageSize}`.execute(db);
  return result.rows;
}

/** How many items a collection holds, at any depth. */
export async function countCollectionItems(db: Executor, accountId: string, collectionId: string) {
  const row = await db
    .selectFrom('knowledge')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', accountId)
    .where('collection_id', '=', collectionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A new collection at the end of the workspace's order. */
export async function insertCollection(
  db: Executor,
  values: { accountId: string; name: string; description: string | null; color: string | null; restricted: boolean },
) {
  return db
    .insertInto('collections')
    .values({
      account_id: values.accountId,
      name: values.name,
      description: values.description,
      color: values.color,
      restricted: values.restricted,
      position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM collections WHERE account_id = ${values.accountId})`,
    })
    .returning(collectionColumns)
    .executeTakeFirstOrThrow();
}

/** Changes a collection's name, description, colour or restriction. */
export async function updateCollection(
  db: Executor,
  accountId: string,
  id: string,
  changes: { name?: string; description?: string | null; color?: string | null; restricted?: boolean },
) {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('collections').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
}

/** Replaces the members chosen for a collection; only members of its workspace can be chosen (the foreign key). */
export async function replaceCollectionMembers(db: Executor, accountId: string, id: string, userIds: string[]) {
  await db.deleteFrom('collection_members').where('collection_id', '=', id).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('collection_members')
    .values([...new Set(userIds)].map((userId) => ({ collection_id: id, account_id: accountId, user_id: userId })))
    .execute();
}

/** Which of these users are members of the workspace. */
export async function workspaceMembersAmong(db: Executor, accountId: string, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('account_members')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Puts the workspace's collections in the order given (ids of other workspaces change nothing). */
export async function reorderCollections(db: Executor, accountId: string, ids: string[]) {
  if (ids.length === 0) return;
  await sql`
    UPDATE collections c SET position = o.place - 1
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o (id, place)
    WHERE c.id = o.id AND c.account_id = ${accountId}`.execute(db);
}

/** How many collections the workspace has. */
export async function countCollections(db: Executor, accountId: string) {
  const row = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes an empty collection (its chosen members go by cascade). */
export async function deleteCollection(db: Executor, accountId: string, id: string) {
  await db.deleteFrom('collections').where('account_id', '=', accountId).where('id', '=', id).execute();
}

/** The workspace's members among `emails`: each one's user id by their address (lower-case). */
export async function membersByEmail(db: Executor, accountId: string, emails: string[]) {
  const members = new Map<string, string>();
  if (emails.length === 0) return members;
  const rows = await db
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .select(['account_members.user_id', 'users.email'])
    .where('account_members.account_id', '=', accountId)
    .where(sql<string>`lower(users.email)`, 'in', emails.map((email) => email.toLowerCase()))
    .execute();
  for (const row of rows) members.set(row.email.toLowerCase(), row.user_id);
  return members;
}

/** The ids of the workspace's members with these addresses (a restored collection's chosen members). */
export async function memberIdsByEmail(db: Executor, accountId: string, emails: string[]) {
  return [...(await membersByEmail(db, accountId, emails)).values()];
}
