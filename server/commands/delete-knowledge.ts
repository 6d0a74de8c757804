import type { Kysely } from 'kysely';
import { deleteKnowledge } from '../data/knowledge';
import { removeItemIndex } from '../data/search-index';
import type { DB } from '../db/schema';
import { storedContribution } from '../search/index-item';

/**
 * Deletes an item the one way: out of the search index and its statistics, then
 * the item (its stars and PDF rows go by cascade), in one transaction. Returns the
 * HTML it had, or undefined when there was none.
 */
export async function deleteKnowledgeItem(db: Kysely<DB>, accountId: string, id: string): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    await removeItemIndex(trx, { id, account_id: accountId }, storedContribution);
    return deleteKnowledge(trx, accountId, id);
  });
}
