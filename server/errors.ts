import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { EDIT_CONFLICT_MESSAGE } from '../common/knowledge-history';

/**
 * An error the API answers with: a status, a stable code for programs and a message for
 * people; `retryAfter` (seconds) becomes a Retry-After header, for a refusal that passes.
 */
export class AppError extends Error {
  readonly retryAfter?: number;
  /** More of the answer, beside `error` and `code` (a 409's current item). */
  readonly details?: Record<string, unknown>;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    options?: ErrorOptions & { retryAfter?: number; details?: Record<string, unknown> },
  ) {
    super(message, options);
    this.retryAfter = options?.retryAfter;
    this.details = options?.details;
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthenticated = (message = 'Authentication required') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
/** An edit based on a version the item has moved past: 409 with the item as it is now (`current`), never an overwrite. */
export const editConflict = (current: unknown) =>
  new AppError(409, 'edit_conflict', EDIT_CONFLICT_MESSAGE, { details: { current } });
export const payloadTooLarge = (message: string) => new AppError(413, 'too_large', message);
export const tooManyRequests = (message: string) => new AppError(429, 'rate_limited', message);
/** Lore cannot serve this now but will soon (its database away, too busy): 503 with a Retry-After. */
export const serviceUnavailable = (message: string, code: string, retryAfter: number, cause?: unknown) =>
  new AppError(503, code, message, { retryAfter, cause });
