import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An error the API answers with: a status, a stable code for programs and a message for
 * people; `retryAfter` (seconds) becomes a Retry-After header, for a refusal that passes.
 */
export class AppError extends Error {
  readonly retryAfter?: number;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    options?: ErrorOptions & { retryAfter?: number },
  ) {
    super(message, options);
    this.retryAfter = options?.retryAfter;
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthenticated = (message = 'Authentication required') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const payloadTooLarge = (message: string) => new AppError(413, 'too_large', message);
export const tooManyRequests = (message: string) => new AppError(429, 'rate_limited', message);
/** Lore cannot serve this now but will soon (its database away, too busy): 503 with a Retry-After. */
export const serviceUnavailable = (message: string, code: string, retryAfter: number, cause?: unknown) =>
  new AppError(503, code, message, { retryAfter, cause });
