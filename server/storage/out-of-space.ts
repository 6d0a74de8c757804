import { AppError, serviceUnavailable } from '../errors';

/** What an upload or a save is told while the server has no room left to keep it. */
export const OUT_OF_SPACE_MESSAGE =
  'The server is out of storage space, so this could not be saved. Nothing already saved was lost; please tell the person who runs Lore.';

/** What an upload is told while the S3 bucket refuses to keep files. */
export const STORAGE_REFUSED_MESSAGE = 'Lore cannot store files right now. Please try again in a few minutes.';

/** The seconds a client is asked to wait (Retry-After) before trying an upload again when the bucket refused it. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/**
 * Errors of a disk with no room: the file system's (ENOSPC, or a quota: EDQUOT) and
 * PostgreSQL's disk_full (53100, e.g. "could not extend file"), also as PGlite reports it.
 */
const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
/** What an error says when only its text tells (PGlite's file system, a wrapped message). */
const OUT_OF_SPACE_TEXT = /no space left on device|disk quota exceeded|could not extend file/i;

/** Did this error (or one it wraps) come from a disk, a database or a bucket with no room left? */
export function isOutOfSpace(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)) return true;
  if (OUT_OF_SPACE_TEXT.test(error.message)) return true;
  return isOutOfSpace(error.cause, depth + 1);
}

/** 507 Insufficient Storage, saying the server is out of space. */
export const outOfSpace = (cause?: unknown) => new AppError(507, 'out_of_space', OUT_OF_SPACE_MESSAGE, { cause });

/** 503 with a Retry-After: the bucket refused a file (access denied, unavailable or unreachable). */
export const storageRefused = (cause?: unknown) =>
  serviceUnavailable(STORAGE_REFUSED_MESSAGE, 'storage_unavailable', STORAGE_RETRY_AFTER_SECONDS, cause);

/**
 * Calls `log` for the first error of an episode only: again once `quietMs` has passed
 * without one (a full disk makes every upload fail; the log says why once).
 */
export function oncePerEpisode(log: (error: unknown) => void, quietMs = 60_000) {
  let last = -Infinity;
  return (error: unknown) => {
    const now = performance.now();
    if (now - last > quietMs) log(error);
    last = now;
  };
}
