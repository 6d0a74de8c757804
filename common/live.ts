/** The live refresh's names and limits, without zod: the first load of every page reads CHANGE_POSITION_HEADER. */

/**
 * The tables whose changes are announced (spec section 4, "Live refresh"; collections since decision 35;
 * an item's comments, its id the row, and one's own notifications since decision 38).
 */
export const CHANGE_TABLES = [
  'knowledge',
  'account_members',
  'pending_invites',
  'collections',
  'comments',
  'notifications',
] as const;
export type ChangeTable = (typeof CHANGE_TABLES)[number];

export const CHANGE_OPS = ['insert', 'update', 'delete'] as const;
export type ChangeOp = (typeof CHANGE_OPS)[number];

/**
 * One committed change, as `GET /api/events` sends it (event `change`, its SSE id the event's
 * number): which account, table and row, and what happened. Never the content: the page fetches
 * what it shows through the usual endpoints. For account_members the row is the member's user id.
 */
export interface ChangeEvent {
  accountId: string;
  table: ChangeTable;
  rowId: string;
  op: ChangeOp;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/** A `change` event's data as a ChangeEvent, or null when it is not one (the page then ignores it). */
export function readChangeEvent(data: unknown): ChangeEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const { accountId, table, rowId, op } = data as Record<string, unknown>;
  if (typeof accountId !== 'string' || !UUID.test(accountId) || typeof rowId !== 'string' || !UUID.test(rowId))
    return null;
  if (!isOneOf(CHANGE_TABLES, table) || !isOneOf(CHANGE_OPS, op)) return null;
  return { accountId, table, rowId, op };
}

/** The stream's event names: `ready` once open, `change` per change, `refresh` when the page should refetch everything. */
export const LIVE_EVENTS = { ready: 'ready', change: 'change', refresh: 'refresh' } as const;

/**
 * On API answers: the last change the answering process had read when the request
 * began, so the data reflects every change up to it. A page's first stream resumes
 * from the oldest it saw (decision 19) instead of refetching all it loaded.
 */
export const CHANGE_POSITION_HEADER = 'Lore-Change-Position';

/** Spec section 9, "Realtime". */
export const LIVE_LIMITS = {
  /** A comment line on an idle stream, so proxies and the page know it is alive. */
  heartbeatMs: 30_000,
  /** Events sent per second per stream; more are coalesced (one per row, the latest). */
  eventsPerSecond: 10,
  /** Open streams per user in one Lore process (about one per tab). */
  streamsPerUser: 10,
};

export const LIVE_MESSAGES = {
  tooManyStreams: 'Too many open tabs are following live changes. Close one of them and try again.',
  shuttingDown: 'Lore is restarting. Live changes resume in a moment.',
};
