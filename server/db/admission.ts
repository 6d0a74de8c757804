import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../errors';

/** What a request is told when too many are already waiting for the database. */
export const DATABASE_BUSY_MESSAGE = 'Lore is busy right now. Please try again in a moment.';

/** The seconds a client is asked to wait (Retry-After) before trying again when Lore is busy. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * When a request's first query is turned away: `maxRequests` requests already using the
 * database, or someone waiting while the last query granted waited over `maxWaitMs`.
 */
export interface QueueLimits {
  maxRequests: number;
  maxWaitMs: number;
}

/**
 * The bounds per engine (decision 27). PGlite has one connection, and a request that runs
 * several queries waits behind every other request once per query: 8 requests at a time,
 * or a wait over a second, and new ones are turned away (an unbounded queue held requests
 * past 30 s under 200 clients). PostgreSQL's pool of 10 served 200 clients with a p99
 * under 2 s: its bounds only stop a flood.
 */
export const QUEUE_LIMITS: Record<'pglite' | 'postgres', QueueLimits> = {
  pglite: { maxRequests: 8, maxWaitMs: 1000 },
  postgres: { maxRequests: 256, maxWaitMs: 3000 },
};

/** A request refused before its first query because the database's queue is full: 503 with a Retry-After. */
export class DatabaseBusyError extends AppError {
  constructor() {
    super(503, 'busy', DATABASE_BUSY_MESSAGE, { retryAfter: DATABASE_BUSY_RETRY_AFTER_SECONDS });
  }
}

interface RequestAdmission {
  /** It was let in: its later queries wait their turn, never refused halfway. */
  admitted: boolean;
  /** Gives its place back when it ends. */
  leave?: () => void;
  /** It was turned away (a library may hide the error it got). */
  refused: boolean;
  /**
   * Its answer is sent: queries still run in its context (a stream's) are work after the
   * request, never counted (nothing would give the place back) nor refused.
   */
  ended?: boolean;
}

const requests = new AsyncLocalStorage<RequestAdmission>();

/**
 * Runs an HTTP request's work so that its first query is refused while the database's
 * queue is past its limits. Work outside a request (jobs, the change feed,
 * maintenance) and a request's later queries are never refused.
 */
export async function asRequest<T>(work: () => Promise<T>): Promise<T> {
  const request: RequestAdmission = { admitted: false, refused: false };
  try {
    return await requests.run(request, work);
  } finally {
    request.ended = true;
    request.leave?.();
  }
}

/** Whether this work is a request still to be answered (not a job, nor a stream's or an import's work after its answer began). */
export const inRequestBeingAnswered = () => {
  const request = requests.getStore();
  return request !== undefined && !request.ended;
};

/** Whether the request running now was turned away by `admit`. */
export const wasRefusedAsBusy = () => requests.getStore()?.refused === true;

/** A database's count of the requests using it, and how long its queue makes a query wait. */
export interface Queue {
  /** Requests let in and not yet ended. */
  requests: number;
  /** Queries waiting for a connection now. */
  waiting: number;
  /** How long the last query granted a connection waited for it. */
  lastWaitMs: number;
}

/**
 * Lets the running request in to `queue` before its first query (counting it until it
 * ends), or throws DatabaseBusyError when the queue is past `limits`.
 */
export function admit(queue: Queue, limits: QueueLimits) {
  const request = requests.getStore();
  if (!request || request.admitted || request.ended) return;
  const full = queue.requests >= limits.maxRequests || (queue.waiting > 0 && queue.lastWaitMs > limits.maxWaitMs);
  if (full) {
    request.refused = true;
    throw new DatabaseBusyError();
  }
  request.admitted = true;
  queue.requests++;
  request.leave = () => queue.requests--;
}
