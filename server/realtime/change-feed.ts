import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { feedAfter, keptChangeRange, type NumberedChange } from '../data/change-events';

/** The channel migration 0018's triggers notify at each commit that recorded changes. */
export const CHANGES_CHANNEL = 'lore_changes';

/** Rows read per query when catching up. */
const BATCH = 500;
/** The wait before reading again after a failed read (the database restarting, say). */
const RETRY_MS = 1000;

export type ChangeListener = (changes: NumberedChange[]) => void;
/** Told the ids of sessions that ended (signed out, ended elsewhere, made to owe a code; decision 28). */
export type SessionEndListener = (sessionIds: string[]) => void;

/**
 * One process's view of the change log: it listens on the database's channel
 * and, at each notification, reads the changes after the last one it passed
 * on and hands them, in commit order, to its listeners. Missed notifications
 * lose nothing: the next read starts where the last one ended.
 */
export interface ChangeFeed {
  /** The newest change passed on (0 before any). */
  readonly position: number;
  /** Starts listening, once; streams await it before subscribing. */
  start(): Promise<void>;
  subscribe(listener: ChangeListener): () => void;
  /** Ended sessions are passed on before the changes read with them, so a closed stream gets none of those. */
  onSessionsEnded(listener: SessionEndListener): () => void;
  /**
   * Runs `work` between two deliveries, never during one: a stream set up in
   * it knows exactly which changes it has yet to be told of (those after `position`).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createChangeFeed({ database, logger }: { database: Database; logger: Logger }): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  const endListeners = new Set<SessionEndListener>();
  let position = 0;
  let started: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let readQueued = false;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let tail: Promise<unknown> = Promise.resolve();

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => {});
    return run;
  };

  async function readNew() {
    for (;;) {
      const read = await feedAfter(database.db, position, BATCH);
      if (read.count === 0) return;
      position = read.last;
      if (read.endedSessionIds.length > 0) for (const listener of endListeners) listener(read.endedSessionIds);
      if (read.changes.length > 0) for (const listener of listeners) listener(read.changes);
      if (read.count < BATCH) return;
    }
  }

  /** A notification (or a listening connection back after a loss): read what is new, once per burst. */
  function wake() {
    if (readQueued || closed) return;
    readQueued = true;
    void exclusive(async () => {
      readQueued = false;
      if (closed) return;
      try {
        await readNew();
      } catch (error) {
        logger.warn({ err: error }, 'Could not read the latest changes; trying again');
        clearTimeout(retry);
        retry = setTimeout(wake, RETRY_MS);
      }
    });
  }

  return {
    get position() {
      return position;
    },
    start() {
      started ??= exclusive(async () => {
        // Listening first: a change committed meanwhile is either counted in the position or notified after it.
        stopListening = await database.listen(CHANGES_CHANNEL, wake);
        position = (await keptChangeRange(database.db)).newest;
      }).catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      return started;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSessionsEnded(listener) {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
    exclusive,
    async close() {
      closed = true;
      clearTimeout(retry);
      listeners.clear();
      endListeners.clear();
      await tail;
      await stopListening?.();
    },
  };
}
