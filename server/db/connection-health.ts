import pg from 'pg';
import { admit, inRequestBeingAnswered, type Queue, type QueueLimits } from './admission';
import { turnIfBusy } from './event-loop-turns';

/**
 * What Lore knows of its connections to the database: whether one was lost or refused
 * lately. The log hears of an outage once, when it starts, and once when it is over.
 */
export interface ConnectionHealth {
  /** Notes a connection lost, or one that could not be made. */
  lost(error: Error): void;
  /** Notes a connection made. */
  made(): void;
  /** Whether a connection was lost or refused in the last `ms` milliseconds. */
  failedWithin(ms: number): boolean;
}

export function connectionHealth(options: {
  onConnectionError?: (error: Error) => void;
  onConnectionBack?: () => void;
}): ConnectionHealth {
  let down = false;
  let lastFailure = -Infinity;
  return {
    lost(error) {
      lastFailure = performance.now();
      if (down) return;
      down = true;
      options.onConnectionError?.(error);
    },
    made() {
      if (!down) return;
      down = false;
      options.onConnectionBack?.();
    },
    failedWithin: (ms) => performance.now() - lastFailure <= ms,
  };
}

/**
 * A pg.Pool that survives its connections breaking. A pg Client whose connection breaks
 * emits 'error', and with no listener Node ends the process; pg.Pool listens on its idle
 * clients only, so here every client has a listener for its whole life: a client that
 * fails while checked out (in a query, or between the statements of a transaction) fails
 * its queries, and the pool drops it when it is given back. Every loss, and every
 * connection that cannot be made, is told to `health`. A request that would join a queue
 * past `limits` is turned away before its first query (server/db/admission.ts).
 */
export class WatchedPool extends pg.Pool {
  /** The requests using this pool, and how long its queue makes a query wait (server/db/admission.ts). */
  private readonly queue: Queue = { requests: 0, waiting: 0, lastWaitMs: 0 };

  constructor(
    config: pg.PoolConfig,
    private readonly health: ConnectionHealth,
    /** Past these, a request's first query is refused (server/db/admission.ts). */
    private readonly limits: QueueLimits = { maxRequests: Infinity, maxWaitMs: Infinity },
    /** Give Node's other work a turn before a connection when the event loop is kept busy (PGlite: event-loop-turns.ts). */
    private readonly yieldFirst = false,
  ) {
    super(config);
    this.on('error', (error) => health.lost(error));
    this.on('connect', (client) => {
      client.on('error', (error) => health.lost(error));
      health.made();
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    try {
      this.queue.waiting = this.waitingCount;
      admit(this.queue, this.limits);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    // The wait is counted from after the turn given to other work: only the queue's wait says the database is busy.
    const connect = () => {
      const asked = performance.now();
      return super.connect().then((client) => {
        this.queue.lastWaitMs = performance.now() - asked;
        return client;
      });
    };
    // A request being answered runs its few queries through; long work after or outside one takes turns.
    const turn = this.yieldFirst && !inRequestBeingAnswered() ? turnIfBusy() : undefined;
    return (turn ? turn.then(connect) : connect()).catch((error: Error) => {
      this.health.lost(error);
      throw error;
    });
  }
}
