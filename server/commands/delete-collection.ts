import type { Kysely } from 'kysely';
import { LAST_COLLECTION } from '../../common/collections';
import { countCollections, deleteCollection, findCollection } from '../data/collections';
import { deleteKnowledge } from '../data/knowledge';
import { lockTrees, placeItems, siblingIds } from '../data/knowledge-tree';
import { removeItemIndex } from '../data/search-index';
import type { DB } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { storedContribution } from '../search/index-item';

/**
 * Deletes a collection (decision 35) in one transaction under the workspace's tree lock: its items
 * keep their trees and move to the top of `moveItemsTo`, after what is there, or are deleted with
 * it (out of the search index first, as any delete). The workspace's last collection stays.
 * Returns the HTML of the items deleted (for the file clean-up).
 */
export async function deleteCollectionWithItems(
  db: Kysely<DB>,
  accountId: string,
  collectionId: string,
  items: { moveItemsTo: string } | { deleteItems: true },
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await lockTrees(trx, accountId);
    if (!(await findCollection(trx, accountId, collectionId))) throw notFound('Collection not found');
    if ((await countCollections(trx, accountId)) <= 1) throw badRequest(LAST_COLLECTION, 'last_collection');
    const all = await trx
      .selectFrom('knowledge')
      .select('id')
      .where('account_id', '=', accountId)
      .where('collection_id', '=', collectionId)
      .execute();
    let deleted: string[] = [];
    if ('moveItemsTo' in items) {
      const target = items.moveItemsTo;
      if (target === collectionId || !(await findCollection(trx, accountId, target))) {
        throw badRequest('Choose another collection of this workspace for its items', 'bad_destination');
      }
      const roots = await siblingIds(trx, collectionId, null);
      // One statement: every parent key is checked once the whole collection has moved.
      if (all.length > 0) {
        await trx
          .updateTable('knowledge')
          .set({ collection_id: target })
          .where('account_id', '=', accountId)
          .where('collection_id', '=', collectionId)
          .execute();
      }
      const topOfTarget = (await siblingIds(trx, target, null)).filter((id) => !roots.includes(id));
      await placeItems(trx, accountId, { collectionId: target, parentId: null }, [...topOfTarget, ...roots]);
    } else {
      const ids = all.map((item) => item.id);
      for (const id of ids) await removeItemIndex(trx, { id, account_id: accountId }, storedContribution);
      deleted = await deleteKnowledge(trx, accountId, ids);
    }
    await deleteCollection(trx, accountId, collectionId);
    return deleted;
  });
}
