import type { Kysely } from 'kysely';
import { deleteKnowledge } from '../data/knowledge';
import { lockItemPlace, lockTrees, placeItems, siblingIds, subtreeIds } from '../data/knowledge-tree';
import { removeItemIndex } from '../data/search-index';
import type { DB } from '../db/schema';
import { storedContribution } from '../search/index-item';

/**
 * What becomes of an item's pages when it is deleted (decision 35): they move
 * up to its parent, in its place ('keep', the default, as the spec's delete
 * without the choice: nothing goes but what was asked for), or go with it ('delete').
 */
export type ChildPages = 'keep' | 'delete';

/**
 * Deletes an item the one way: out of the search index and its statistics, then
 * the item (its stars and PDF rows go by cascade), in one transaction; its
 * pages move up or go with it. Returns the HTML of each item deleted, or
 * undefined when there was none.
 */
export async function deleteKnowledgeItem(
  db: Kysely<DB>,
  accountId: string,
  id: string,
  children: ChildPages = 'keep',
): Promise<string[] | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockTrees(trx, accountId);
    const item = await lockItemPlace(trx, accountId, id);
    if (!item) return undefined;
    const doomed = children === 'delete' ? await subtreeIds(trx, accountId, id) : [id];
    if (children === 'keep') {
      // Its pages take its place among its siblings, in their own order.
      const place = { collectionId: item.collection_id, parentId: item.parent_id };
      const pages = await siblingIds(trx, item.collection_id, id);
      const siblings = await siblingIds(trx, item.collection_id, item.parent_id);
      const at = siblings.indexOf(id);
      siblings.splice(at, 1, ...pages);
      await placeItems(trx, accountId, place, siblings);
    }
    // Deepest first is not needed: the parent keys are checked once the one statement has removed them all.
    for (const doomedId of doomed)
      await removeItemIndex(trx, { id: doomedId, account_id: accountId }, storedContribution);
    return deleteKnowledge(trx, accountId, doomed);
  });
}
