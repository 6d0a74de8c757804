import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { describableItem } from '../ai/describe';
import type { Writer } from '../ai/writer';
import type { DB } from '../db/schema';
import { findItemToDescribe, saveItemDescription } from '../data/item-descriptions';
import { enqueueJob } from '../data/jobs';
import type { SearchIndexer } from '../search/indexer';
import type { JobHandler } from './worker';

/** The job that writes an item's ai_summary and ai_question; its key is the item's id. */
export const DESCRIBE_ITEM = 'describe_item';

/**
 * Asks for the item's summary and question to be written again, after a save: by a job when
 * a model writes them; with no model, its indexing writes them (decision 51), so nothing is queued.
 * The item is saved either way: a failure to ask is logged, not answered as an error.
 */
export async function describeItemLater(
  deps: { db: Kysely<DB>; logger: Logger; searchIndexer: Pick<SearchIndexer, 'describes'> },
  itemId: string,
): Promise<void> {
  if (deps.searchIndexer.describes) return;
  await enqueueJob(deps.db, { kind: DESCRIBE_ITEM, key: itemId }).catch((error: unknown) =>
    deps.logger.error({ err: error, knowledgeId: itemId }, 'Could not queue the summary of an item'),
  );
}

/** Reads the item as it is now, has the writer describe it, and stores the result; a deleted item needs nothing. */
export function describeItem(deps: { db: Kysely<DB>; writer: Pick<Writer, 'describe'> }): JobHandler {
  return async ({ key }, { signal }) => {
    const item = await findItemToDescribe(deps.db, key);
    if (!item) return;
    const description = await deps.writer.describe(describableItem(item), signal);
    await saveItemDescription(deps.db, key, description);
  };
}
