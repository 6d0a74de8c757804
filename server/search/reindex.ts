import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { countItemsToIndex } from '../data/search-index';
import type { DB } from '../db/schema';
import { ANALYZER_VERSION } from './analyze';
import { indexStaleItems, indexUpkeep, type IndexOptions } from './index-item';

/** How often a long re-index says how far it is. */
const PROGRESS_EVERY_MS = 5_000;

/**
 * Indexes, while Lore serves, every item not yet indexed with this analyzer version
 * (after an analyzer change, or an indexing cut short). Until an item's turn comes,
 * its old index rows answer for it. One item at a time, giving way to requests
 * between items, with progress in the log; `options` as the indexer's (its items'
 * descriptions). `done` settles when it has finished or been stopped; a failure is
 * logged and left to the next start.
 */
export function reindexInBackground(
  db: Kysely<DB>,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
  options: IndexOptions = {},
) {
  let stopped = false;
  const upkeep = indexUpkeep(db, logger);
  const done = (async () => {
    const total = await countItemsToIndex(db, ANALYZER_VERSION);
    if (total === 0) return 0;
    logger.info({ items: total }, 'Indexing items for search in the background');
    const started = Date.now();
    let reported = started;
    const indexed = await indexStaleItems(db, {
      ...options,
      shouldStop: () => stopped,
      onItem: async (count) => {
        if (Date.now() - reported >= PROGRESS_EVERY_MS) {
          reported = Date.now();
          logger.info({ indexed: count, of: total }, 'Indexing items for search');
        }
        await upkeep();
        // Other work (requests on the same database connection) goes first.
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    logger.info({ indexed, seconds: Math.round((Date.now() - started) / 1000) }, 'Items indexed for search');
    return indexed;
  })().catch((error: unknown) => {
    logger.error({ err: error }, 'Indexing items for search failed; the next start tries again');
    return 0;
  });
  return {
    done,
    async stop() {
      stopped = true;
      await done;
    },
  };
}
