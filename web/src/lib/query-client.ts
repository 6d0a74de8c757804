import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { isBusyAnswer } from './server-busy';

const MINUTE = 60_000;

/** How many times a read is asked again while Lore says it is busy (each after its Retry-After). */
export const BUSY_RETRIES = 10;

const isBusy = (error: unknown): error is ApiError =>
  error instanceof ApiError && isBusyAnswer(error.status, error.retryAfterSeconds);

/**
 * The spec's retry rule: never offline or on 401/403/404; up to 3 for network trouble; otherwise
 * once. Lore busy (429 or 503 with Retry-After) is not a failure of the request: up to BUSY_RETRIES.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  // Node (which draws pages on the server) has a navigator too, without onLine.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  if (isBusy(error)) return failureCount < BUSY_RETRIES;
  if (error instanceof ApiError) {
    if ([401, 403, 404].includes(error.status)) return false;
    return failureCount < 1;
  }
  return failureCount < 3;
}

/** Delay doubling from 1 s up to `max`. */
export const doublingDelay = (max: number) => (attempt: number) => Math.min(1000 * 2 ** attempt, max);

/** A query's retry delay: as long as Lore asked (Retry-After) when it is busy, else doubling up to `max`. */
export const retryDelayUpTo =
  (max: number) =>
  (attempt: number, error: Error): number =>
    isBusy(error) ? error.retryAfterSeconds! * 1000 : doublingDelay(max)(attempt);

/** Query defaults from the spec: stale 5 min, kept 10 min, doubling retry delay up to 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        retry: shouldRetry,
        retryDelay: retryDelayUpTo(30_000),
      },
      mutations: { retry: false },
    },
  });
}
