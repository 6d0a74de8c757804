import { sql } from 'kysely';
import type { ChangeEvent } from '../../common/live';
import type { ChangeOp, ChangeTable } from '../../common/live';
import type { Executor } from './executor';

/**
 * A change as the live streams pass it on: its number (ids follow commit order, migration 0018), what
 * changed and, for items and collections, the collection it is in (never sent: streams leave out
 * what their member may not see, decision 35).
 */
export interface NumberedChange extends ChangeEvent {
  id: number;
  collectionId?: string | null;
  /** For a notification (decision 38): the one person it is for; never sent either. */
  userId?: string | null;
}

/**
 * The changes committed after event `afterId` (up to `upTo`, in `accountIds` if
 * given), oldest first, at most `limit`. Ids are bigserials; as JavaScript
 * numbers they are exact far beyond any count Lore will reach.
 */
export async function changesAfter(
  db: Executor,
  afterId: number,
  options: { limit: number; upTo?: number; accountIds?: ReadonlySet<string> },
): Promise<NumberedChange[]> {
  const { limit, upTo, accountIds } = options;
  if (accountIds?.size === 0) return [];
  let query = db
    .selectFrom('change_events')
    .select(['id', 'account_id', 'table_name', 'row_id', 'op', 'collection_id', 'user_id'])
    .where('id', '>', String(afterId))
    .where('table_name', '<>', 'sessions');
  if (upTo !== undefined) query = query.where('id', '<=', String(upTo));
  if (accountIds) query = query.where('account_id', 'in', [...accountIds]);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.flatMap((row) => {
    const change = asChange(row);
    return change ? [change] : [];
  });
}

/** What the change feed reads: the changes, and the sessions that ended (migration 0030, decision 28), in one run. */
export interface FeedRead {
  /** The last event read (`afterId` when none). */
  last: number;
  /** Rows read, of both kinds: fewer than the limit means the feed has caught up. */
  count: number;
  changes: NumberedChange[];
  endedSessionIds: string[];
}

/** Every event after `afterId`, at most `limit`, split into changes and ended sessions. */
export async function feedAfter(db: Executor, afterId: number, limit: number): Promise<FeedRead> {
  const rows = await db
    .selectFrom('change_events')
    .select(['id', 'account_id', 'table_name', 'row_id', 'op', 'collection_id', 'user_id'])
    .where('id', '>', String(afterId))
    .orderBy('id')
    .limit(limit)
    .execute();
  const read: FeedRead = { last: afterId, count: rows.length, changes: [], endedSessionIds: [] };
  for (const row of rows) {
    read.last = Number(row.id);
    const change = asChange(row);
    if (change) read.changes.push(change);
    else if (row.table_name === 'sessions') read.endedSessionIds.push(row.row_id);
  }
  return read;
}

function asChange(row: {
  id: string;
  account_id: string | null;
  table_name: ChangeTable | 'sessions';
  row_id: string;
  op: ChangeOp;
  collection_id: string | null;
  user_id: string | null;
}): NumberedChange | undefined {
  if (row.table_name === 'sessions' || row.account_id === null) return undefined;
  return {
    id: Number(row.id),
    accountId: row.account_id,
    table: row.table_name,
    rowId: row.row_id,
    op: row.op,
    collectionId: row.collection_id,
    userId: row.user_id,
  };
}

/** The newest and oldest events kept (0 when there are none): where a new stream starts, and how far back one can resume. */
export async function keptChangeRange(db: Executor): Promise<{ newest: number; oldest: number }> {
  const row = await db
    .selectFrom('change_events')
    .select([sql<string>`coalesce(max(id), 0)`.as('newest'), sql<string>`coalesce(min(id), 0)`.as('oldest')])
    .executeTakeFirstOrThrow();
  return { newest: Number(row.newest), oldest: Number(row.oldest) };
}

/**
 * Forgets events older than `before`, oldest first, so what is kept is always
 * an unbroken run up to the newest; answers how many went.
 */
export async function pruneChanges(db: Executor, before: Date): Promise<number> {
  const last = db
    .selectFrom('change_events')
    .select(sql<string>`max(id)`.as('id'))
    .where('created_at', '<', before);
  const result = await db.deleteFrom('change_events').where('id', '<=', last).executeTakeFirst();
  return Number(result.numDeletedRows);
}
