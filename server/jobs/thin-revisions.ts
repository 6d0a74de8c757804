import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { thinOldRevisions } from '../data/knowledge-revisions';
import type { JobHandler } from './worker';

export const THIN_REVISIONS = 'thin_revisions';
/** How often each process asks for old revisions to be thinned (the queue runs one at a time across processes). */
export const THIN_REVISIONS_EVERY_MS = 6 * 60 * 60_000;

/**
 * Keeps history from growing without end (issue 31): an item edited live keeps a revision
 * each time its editing goes quiet; past `keepAllDays`, one a day is enough to go back to.
 */
export const thinRevisions =
  ({ db, keepAllDays }: { db: Kysely<DB>; keepAllDays: number }): JobHandler =>
  async (_job, { logger }) => {
    if (keepAllDays === 0) return;
    const deleted = await thinOldRevisions(db, keepAllDays);
    if (deleted > 0)
      logger.info({ deleted, keepAllDays }, 'Revisions older than the days kept whole thinned to one a day');
  };
