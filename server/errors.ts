import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error the API answers with: a status, a stable code for programs and a message for people. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthenticated = (message = 'Authentication required') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const payloadTooLarge = (message: string) => new AppError(413, 'too_large', message);
export const tooManyRequests = (message: string) => new AppError(429, 'rate_limited', message);
