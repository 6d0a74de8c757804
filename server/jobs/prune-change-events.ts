import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { pruneChanges } from '../data/change-events';
import type { JobHandler } from './worker';

export const PRUNE_CHANGE_EVENTS = 'prune_change_events';
/** How long the live changes are kept (decision 19): a page away longer is told to refresh everything. */
export const KEEP_CHANGES_MS = 24 * 60 * 60_000;
/** How often each process asks for the old ones to go (the queue runs one at a time across processes). */
export const PRUNE_CHANGES_EVERY_MS = 60 * 60_000;

/** Forgets the live changes older than a day. */
export const pruneChangeEvents =
  ({ db }: { db: Kysely<DB> }): JobHandler =>
  async (_job, { logger }) => {
    const pruned = await pruneChanges(db, new Date(Date.now() - KEEP_CHANGES_MS));
    if (pruned > 0) logger.info({ pruned }, 'Old live changes forgotten');
  };
