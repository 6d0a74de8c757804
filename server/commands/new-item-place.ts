import { scopeHolds, withinScope, type ReadScope } from '../data/collection-access';
import { findKnowledge } from '../data/knowledge';
import type { Executor } from '../data/executor';
import { badRequest, forbidden, notFound } from '../errors';

/**
 * Where a new item goes (decision 35): under the parent asked for (in its collection), in the
 * collection asked for, or at the top of the first collection the writer sees, so the spec's
 * create without either still works. A collection or parent the writer cannot see is not found.
 */
export async function placeForNewItem(
  db: Executor,
  scope: ReadScope,
  asked: { collectionId?: string; parentId?: string | null },
): Promise<{ collectionId: string; parentId: string | null }> {
  if (asked.parentId) {
    const parent = await findKnowledge(db, scope.accountId, { id: asked.parentId });
    if (!parent || !scopeHolds(scope, parent.collection_id)) throw notFound('Parent item not found');
    if (asked.collectionId && asked.collectionId !== parent.collection_id) {
      throw badRequest('The parent page must be in the chosen collection', 'parent_in_other_collection');
    }
    return { collectionId: parent.collection_id, parentId: parent.id };
  }
  if (asked.collectionId) {
    if (!(await collectionExists(db, scope, asked.collectionId))) throw notFound('Collection not found');
    return { collectionId: asked.collectionId, parentId: null };
  }
  const first = await db
    .selectFrom('collections')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where(withinScope(scope, 'collections.id'))
    .orderBy('position')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (!first) throw forbidden('You have no collection to write in');
  return { collectionId: first.id, parentId: null };
}

async function collectionExists(db: Executor, scope: ReadScope, collectionId: string) {
  if (!scopeHolds(scope, collectionId)) return false;
  const row = await db
    .selectFrom('collections')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('id', '=', collectionId)
    .executeTakeFirst();
  return row !== undefined;
}
