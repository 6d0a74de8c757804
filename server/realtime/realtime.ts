import type { Logger } from 'pino';
import { LIVE_LIMITS, LIVE_MESSAGES } from '../../common/live';
import type { Database } from '../db/client';
import { accountIdsOfMember } from '../data/account-members';
import { changesAfter, keptChangeRange, type NumberedChange } from '../data/change-events';
import { collectionsHiddenFrom } from '../data/collection-access';
import { usableAuthSessionIds } from '../data/login-sessions';
import { AppError } from '../errors';
import { createChangeFeed } from './change-feed';
import { LiveStream, type StreamSink } from './live-stream';

export interface RealtimeOptions {
  heartbeatMs: number;
  eventsPerSecond: number;
  streamsPerUser: number;
  /** Rows a stream may hold waiting before it sends `refresh` instead (about 10 s at the rate limit). */
  maxPending: number;
  /** Changes a resume may read; a page further behind is told to refresh everything. */
  maxResume: number;
}

const DEFAULTS: RealtimeOptions = { ...LIVE_LIMITS, maxPending: 100, maxResume: 1000 };

/** Live changes for this process's streams (decision 19). One per app; close it before the HTTP server. */
export type Realtime = ReturnType<typeof createRealtime>;

export function createRealtime(deps: { database: Database; logger: Logger }, overrides: Partial<RealtimeOptions> = {}) {
  const options = { ...DEFAULTS, ...overrides };
  const { database, logger } = deps;
  const db = database.db;
  const feed = createChangeFeed(deps);
  const streams = new Set<LiveStream>();
  const openPerUser = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;
  let closing = false;

  /** Each stream's deliveries, one after another: a change of collections first reads what the user may now see. */
  const deliveries = new WeakMap<LiveStream, Promise<void>>();
  feed.subscribe((changes) => {
    for (const stream of streams) deliver(stream, changes);
  });

  /**
   * Offers a batch to a stream; when the batch changes a collection, or the user's own role, the
   * collections hidden from them are read again first (decision 35). Batches keep their order.
   */
  function deliver(stream: LiveStream, changes: NumberedChange[]) {
    const rereads = changes.some(
      (change) =>
        change.table === 'collections' || (change.table === 'account_members' && change.rowId === stream.userId),
    );
    const before = deliveries.get(stream);
    if (!rereads && !before) return stream.offer(changes);
    const next = (before ?? Promise.resolve())
      .then(async () => {
        if (rereads) stream.hideCollections(await collectionsHiddenFrom(db, stream.userId));
        stream.offer(changes);
      })
      .catch((error: unknown) => {
        // What the user may see is unknown: the stream ends, and the page reconnects and fetches again.
        logger.warn({ err: error }, 'Could not read the collections of a live stream');
        stream.close();
      })
      .finally(() => {
        if (deliveries.get(stream) === next) deliveries.delete(stream);
      });
    deliveries.set(stream, next);
  }
  // A session that ended through any process closes its streams here at once (decision 28), before
  // the changes read with its end are offered.
  feed.onSessionsEnded((sessionIds) => {
    const ended = new Set(sessionIds);
    for (const stream of streams) if (ended.has(stream.sessionId)) stream.close();
  });

  /**
   * Every 30 s: a heartbeat on each stream, and streams whose sign-in has ended (or owes its code) are
   * closed; a backstop to the session ends the feed carries (an expiry passing by itself is not one).
   */
  async function beat() {
    const sessionIds = [...new Set([...streams].map((stream) => stream.sessionId))];
    try {
      const usable = await usableAuthSessionIds(db, sessionIds);
      for (const stream of streams) if (!usable.has(stream.sessionId)) stream.close();
    } catch (error) {
      logger.warn({ err: error }, 'Could not check the sessions of live streams');
    }
    for (const stream of streams) stream.heartbeat();
  }

  /**
   * Where a stream opening with `lastEventId` starts: a fresh start, the
   * changes it missed, or (its id unknown, forgotten, or too far behind) a refresh.
   */
  async function resume(stream: LiveStream, accounts: ReadonlySet<string>, lastEventId: string | undefined) {
    const position = feed.position;
    if (lastEventId === undefined) return stream.ready(position);
    stream.ready(undefined);
    const last = /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : NaN;
    if (last === position) return;
    const kept = await keptChangeRange(db);
    const forgotten = kept.oldest === 0 || kept.oldest > last + 1;
    if (!(last < position) || forgotten) return stream.owesRefresh(position);
    // Only the user's workspaces count: a busy neighbour's changes do not make this stream start over.
    const missed = await changesAfter(db, last, { limit: options.maxResume + 1, upTo: position, accountIds: accounts });
    if (missed.length > options.maxResume) return stream.owesRefresh(position);
    stream.offer(missed);
  }

  return {
    /**
     * The last change this process has read: everything a request that starts now
     * reads already reflects it, and any later change has a larger id. The first call
     * starts the feed, so a page loaded before any stream is open learns it too (else
     * its first stream could not resume, and the page would fetch everything again).
     * Unknown while the feed cannot start (the database unreachable).
     */
    async changePosition(): Promise<number | undefined> {
      try {
        await feed.start();
        return feed.position;
      } catch {
        return undefined;
      }
    },

    /**
     * Takes one of the user's stream places before the answer starts: 429 past
     * the cap, 503 while Lore stops. The answer gives the place back.
     */
    claim(userId: string): () => void {
      if (closing) throw new AppError(503, 'shutting_down', LIVE_MESSAGES.shuttingDown);
      const open = openPerUser.get(userId) ?? 0;
      if (open >= options.streamsPerUser) throw new AppError(429, 'too_many_streams', LIVE_MESSAGES.tooManyStreams);
      openPerUser.set(userId, open + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (openPerUser.get(userId) ?? 1) - 1;
        if (left > 0) openPerUser.set(userId, left);
        else openPerUser.delete(userId);
      };
    },

    /** Runs one stream until the page goes (`signal`), its sign-in ends, or Lore stops. */
    async serve(stream: {
      userId: string;
      sessionId: string;
      lastEventId?: string;
      sink: StreamSink;
      signal: AbortSignal;
    }) {
      await feed.start();
      // Between two deliveries: the membership read here and the changes after `position` fit together exactly.
      const live = await feed.exclusive(async () => {
        const accounts = new Set(await accountIdsOfMember(db, stream.userId));
        const opened = new LiveStream(stream.userId, stream.sessionId, accounts, stream.sink, options);
        opened.hideCollections(await collectionsHiddenFrom(db, stream.userId));
        // The session was read up to a few seconds ago (the auth cache): if it has ended since, its end
        // may already have gone by; any later end comes after `position`, to this stream.
        const usable = await usableAuthSessionIds(db, [stream.sessionId]);
        if (!usable.has(stream.sessionId)) {
          opened.close();
          return opened;
        }
        await resume(opened, accounts, stream.lastEventId);
        streams.add(opened);
        return opened;
      });
      if (closing || stream.signal.aborted) live.close();
      stream.signal.addEventListener('abort', () => live.close(), { once: true });
      heartbeat ??= setInterval(() => void beat(), options.heartbeatMs).unref();
      await live.closed;
      streams.delete(live);
      if (streams.size === 0) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
    },

    /**
     * Calls `listener` with each batch of committed changes this process's feed reads
     * (made through any process), once the feed has started. Returns the unsubscribe.
     */
    onChanges(listener: (changes: NumberedChange[]) => void): () => void {
      return feed.subscribe(listener);
    },

    /** Calls `listener` with the ids of sessions that ended through any process (decision 28). */
    onSessionsEnded(listener: (sessionIds: string[]) => void): () => void {
      return feed.onSessionsEnded(listener);
    },

    /** How many streams this process holds open. */
    get openStreams() {
      return streams.size;
    },

    /** Ends every stream (pages reconnect, to another process or to this one once it is back) and stops listening. */
    async close() {
      closing = true;
      clearInterval(heartbeat);
      for (const stream of streams) stream.close();
      await feed.close();
    },
  };
}
