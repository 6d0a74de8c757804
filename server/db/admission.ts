import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../errors';

/** What a request is told when too many are already waiting for the database. */
export const DATABASE_BUSY_MESSAGE = 'Lore is busy right now. Please try again in a moment.';

/** The seconds a client is asked to wait (Retry-After) before trying again when Lore is busy. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * How many queries may wait for a connection before a new request is turned away
 * (decision 27). PGlite has one connection, so its queue is the whole wait: 32 requests
 * ahead keep a search's wait around a second on a busy machine, where an unbounded queue
 * held requests past 30 s. PostgreSQL's pool of 10 served 200 clients with a p99 under
 * 2 s, so its bound only stops a flood.
 */
export const MAX_WAITING = { pglite: 32, postgres: 256 } as const;

/** A request refused before its first query because the database's queue is full: 503 with a Retry-After. */
export class DatabaseBusyError extends AppError {
  constructor() {
    super(503, 'busy', DATABASE_BUSY_MESSAGE, { retryAfter: DATABASE_BUSY_RETRY_AFTER_SECONDS });
  }
}

interface RequestAdmission {
  /** It has had a connection: its later queries wait their turn, never refused halfway. */
  admitted: boolean;
  /** It was turned away (a library may hide the error it got). */
  refused: boolean;
}

const requests = new AsyncLocalStorage<RequestAdmission>();

/**
 * Runs an HTTP request's work so that its first query is refused while `maxWaiting`
 * others wait for the database. Work outside a request (jobs, the change feed,
 * maintenance) and a request's later queries are never refused.
 */
export const asRequest = <T>(work: () => T): T => requests.run({ admitted: false, refused: false }, work);

/** Whether the request running now was turned away by `admit`. */
export const wasRefusedAsBusy = () => requests.getStore()?.refused === true;

/** Lets the running request's first query join a queue of `waiting`, or throws DatabaseBusyError at `maxWaiting`. */
export function admit(waiting: number, maxWaiting: number) {
  const request = requests.getStore();
  if (!request || request.admitted) return;
  if (waiting >= maxWaiting) {
    request.refused = true;
    throw new DatabaseBusyError();
  }
  request.admitted = true;
}
