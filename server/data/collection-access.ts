import { sql, type RawBuilder } from 'kysely';
import { notFound } from '../errors';
import { seesCollection, type Viewer } from '../policies/collection-policy';
import type { Executor } from './executor';

/**
 * The collections of a workspace a viewer may see (decision 35): every one
 * (`all`), or the listed ones. Read once per request and passed to every read
 * of items, so that what a member may not see exists nowhere for them: the
 * list and its counts, tags, the dashboard, both searches, stars, exports,
 * files, live events and a direct link.
 */
export interface ReadScope {
  accountId: string;
  /** No collection of the workspace is hidden from the viewer. */
  all: boolean;
  /** The collections the viewer sees. */
  collectionIds: string[];
}

/** Whether `userId` is among the members chosen for the collection, as `chosen`. */
const chosenBy = (userId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM collection_members m WHERE m.collection_id = collections.id AND m.user_id = ${userId})`.as(
    'chosen',
  );

/** The viewer's scope in their workspace: `all` when no collection is hidden from them. */
export async function readScopeOf(db: Executor, viewer: Viewer): Promise<ReadScope> {
  const collections = await db
    .selectFrom('collections')
    .select(['collections.id', 'collections.restricted'])
    .select(chosenBy(viewer.userId))
    .where('collections.account_id', '=', viewer.accountId)
    .execute();
  const visible = collections.filter((c) => seesCollection(viewer.role, { restricted: c.restricted, chosen: Boolean(c.chosen) }));
  return {
    accountId: viewer.accountId,
    all: visible.length === collections.length,
    collectionIds: visible.map((c) => c.id),
  };
}

/** The SQL condition that keeps `column` (an item's collection id) within the scope; plain `true` for `all`. */
export function withinScope(scope: ReadScope, column: string): RawBuilder<boolean> {
  if (scope.all) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} = ANY(${scope.collectionIds}::uuid[])`;
}

/** True when the scope holds the collection. */
export const scopeHolds = (scope: ReadScope, collectionId: string) =>
  scope.all || scope.collectionIds.includes(collectionId);

/** A key for answers shared by viewers of one scope (server/cache/workspace-reads.ts). */
export const scopeKey = (scope: ReadScope) => (scope.all ? 'all' : [...scope.collectionIds].sort().join(','));

/** Of these item ids, those in the scope (the ranking by meaning reads vectors of the whole workspace). */
export async function idsWithinScope(db: Executor, scope: ReadScope, ids: string[]): Promise<Set<string>> {
  if (scope.all || ids.length === 0) return new Set(ids);
  const rows = await db
    .selectFrom('knowledge')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('id', 'in', ids)
    .where(withinScope(scope, 'knowledge.collection_id'))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Refuses a collection outside the scope as if it did not exist. */
export function assertCollectionInScope(scope: ReadScope, collectionId: string) {
  if (!scopeHolds(scope, collectionId)) throw notFound('Collection not found');
}

/** The whole workspace, for work no viewer asked for (jobs, the benchmark's plain SQL). */
export const wholeWorkspace = (accountId: string): ReadScope => ({ accountId, all: true, collectionIds: [] });

/**
 * Is a stored file (an image in an item's HTML, a PDF or its thumbnail) only shown by items the
 * scope does not see? Then it is not found for this viewer (decision 35). A file no item shows
 * yet (just uploaded, for an item being written) stays the workspace's, as before. Whole-workspace
 * viewers ask nothing; the others read the items that name the file.
 */
export async function fileHiddenFrom(db: Executor, scope: ReadScope, path: string): Promise<boolean> {
  if (scope.all) return false;
  const result = await sql<{ shown: string; seen: boolean | null }>`
    SELECT count(*) AS shown, bool_or(${withinScope(scope, 'k.collection_id')}) AS seen
    FROM knowledge k
    WHERE k.account_id = ${scope.accountId}
      AND (strpos(k.content, ${path}) > 0 OR EXISTS (
        SELECT 1 FROM knowledge_pdfs p WHERE p.knowledge_id = k.id AND (p.pdf_path = ${path} OR p.thumbnail_path = ${path})))
  `.execute(db);
  const row = result.rows[0];
  return row !== undefined && Number(row.shown) > 0 && !row.seen;
}

/** The collections hidden from a user in all their workspaces (restricted, not chosen, and not a manager there): for live streams. */
export async function collectionsHiddenFrom(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('collections')
    .innerJoin('account_members', (join) =>
      join.onRef('account_members.account_id', '=', 'collections.account_id').on('account_members.user_id', '=', userId),
    )
    .select(['collections.id', 'collections.restricted', 'account_members.role'])
    .select(chosenBy(userId))
    .where('collections.restricted', '=', true)
    .execute();
  return new Set(
    rows.filter((c) => !seesCollection(c.role, { restricted: c.restricted, chosen: Boolean(c.chosen) })).map((c) => c.id),
  );
}
