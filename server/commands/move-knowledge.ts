import type { Kysely } from 'kysely';
import { scopeHolds, type ReadScope } from '../data/collection-access';
import { findCollection } from '../data/collections';
import {
  ancestorsOf,
  lockItemPlace,
  lockTrees,
  moveSubtree,
  placeItems,
  siblingIds,
  subtreeIds,
} from '../data/knowledge-tree';
import type { DB } from '../db/schema';
import { badRequest, notFound } from '../errors';

/** Where an item goes: a collection, under a parent in it (or at its top), at a place among the siblings there. */
export interface Destination {
  collectionId: string;
  parentId: string | null;
  /** Its place among its new siblings, from 0; past the end (or left out) puts it last. */
  position?: number;
}

/** Said when a move would put an item under itself or under one of its own pages. */
export const MOVE_CYCLE = 'A page cannot be moved under itself or one of its own pages';

/**
 * Moves an item with everything under it (decision 35), in one transaction
 * that holds the workspace's tree lock: the destination must be in the mover's
 * scope and in the item's workspace, and the new parent must not be the item
 * or below it, which is checked here, under the lock, so no two moves can make
 * a cycle together. Its short id and links stay as they were.
 */
export async function moveKnowledgeItem(db: Kysely<DB>, scope: ReadScope, itemId: string, to: Destination) {
  const { accountId } = scope;
  await db.transaction().execute(async (trx) => {
    await lockTrees(trx, accountId);
    const item = await lockItemPlace(trx, accountId, itemId);
    if (!item || !scopeHolds(scope, item.collection_id)) throw notFound('Knowledge item not found');
    const collection = await findCollection(trx, accountId, to.collectionId);
    if (!collection || !scopeHolds(scope, collection.id)) throw notFound('Collection not found');
    if (to.parentId !== null) {
      if (to.parentId === itemId) throw badRequest(MOVE_CYCLE, 'tree_cycle');
      const parent = await lockItemPlace(trx, accountId, to.parentId);
      if (!parent || !scopeHolds(scope, parent.collection_id)) throw notFound('Parent item not found');
      if (parent.collection_id !== to.collectionId) {
        throw badRequest('The parent page must be in the chosen collection', 'parent_in_other_collection');
      }
      const above = await ancestorsOf(trx, accountId, to.parentId);
      if (above.some((ancestor) => ancestor.id === itemId)) throw badRequest(MOVE_CYCLE, 'tree_cycle');
    }
    const subtree = await subtreeIds(trx, accountId, itemId);
    await moveSubtree(trx, accountId, { rootId: itemId, ids: subtree }, to);
    const siblings = (await siblingIds(trx, to.collectionId, to.parentId)).filter((id) => id !== itemId);
    const at = Math.min(Math.max(to.position ?? siblings.length, 0), siblings.length);
    siblings.splice(at, 0, itemId);
    await placeItems(trx, accountId, to, siblings);
  });
}
