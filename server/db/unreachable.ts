import { serviceUnavailable } from '../errors';

/** What a request is told while Lore cannot reach its database (a restart, a fail-over, a network fault). */
export const DATABASE_UNREACHABLE_MESSAGE = 'Lore cannot reach its database. Please try again in a few seconds.';

/** The seconds a client is asked to wait (Retry-After) before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection to the database that is refused, cut or cannot be routed. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is not there to answer: class 08 (connection
 * exception), and a server shutting down, crashed, starting or out of connection slots.
 */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03|53300)$/;

/** What node-postgres says, with no code, of a connection it lost or could not open in time. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** Did this error (or one it wraps) come from a database Lore cannot reach, rather than from a query? */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  if (PG_CONNECTION_MESSAGES.includes(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1)))
    return true;
  return isDatabaseUnreachable(error.cause, depth + 1);
}

/** The answer to a request that failed because the database is away: 503, its message and a Retry-After. */
export const databaseUnreachable = (cause?: unknown) =>
  serviceUnavailable(DATABASE_UNREACHABLE_MESSAGE, 'database_unavailable', DATABASE_RETRY_AFTER_SECONDS, cause);
