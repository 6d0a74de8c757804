import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MINUTE = 60_000;

/** The spec's retry rule: never offline or on 401/403/404; up to 3 for network trouble; otherwise once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  if (error instanceof ApiError) {
    if ([401, 403, 404].includes(error.status)) return false;
    return failureCount < 1;
  }
  return failureCount < 3;
}

/** Delay doubling from 1 s up to `max`. */
export const doublingDelay = (max: number) => (attempt: number) => Math.min(1000 * 2 ** attempt, max);

/** Query defaults from the spec: stale 5 min, kept 10 min, doubling retry delay up to 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        retry: shouldRetry,
        retryDelay: doublingDelay(30_000),
      },
      mutations: { retry: false },
    },
  });
}
