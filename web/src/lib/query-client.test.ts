import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { BUSY_RETRIES, createQueryClient, doublingDelay, retryDelayUpTo, shouldRetry } from './query-client';

afterEach(() => vi.unstubAllGlobals());

describe('shouldRetry', () => {
  it('never retries 401, 403 or 404', () => {
    for (const status of [401, 403, 404]) {
      expect(shouldRetry(0, new ApiError(status, 'no'))).toBe(false);
    }
  });

  it('retries other API errors once', () => {
    for (const status of [400, 409, 429, 500, 503]) {
      expect(shouldRetry(0, new ApiError(status, 'failed'))).toBe(true);
      expect(shouldRetry(1, new ApiError(status, 'failed'))).toBe(false);
    }
  });

  it('retries network trouble up to three times', () => {
    const error = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3, 4].map((count) => shouldRetry(count, error))).toEqual([true, true, true, false, false]);
    expect(shouldRetry(0, new Error('Request timeout'))).toBe(true);
    expect(shouldRetry(0, 'a string thrown')).toBe(true);
  });

  it('never retries while the browser is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'failed'))).toBe(false);
  });

  it('retries as usual while the browser is online', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(0, new ApiError(500, 'failed'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'missing'))).toBe(false);
  });
});

describe('Lore busy (429 or 503 with Retry-After)', () => {
  const busy = (status: number, seconds: number) => new ApiError(status, 'busy', 'unavailable', null, seconds);

  it('is retried many times, not once: the request did not fail, Lore asked to come back', () => {
    for (const status of [429, 503]) {
      expect(shouldRetry(1, busy(status, 5))).toBe(true);
      expect(shouldRetry(BUSY_RETRIES - 1, busy(status, 5))).toBe(true);
      expect(shouldRetry(BUSY_RETRIES, busy(status, 5))).toBe(false);
    }
    // Without Retry-After, a 503 is a failure like any other.
    expect(shouldRetry(1, new ApiError(503, 'failed'))).toBe(false);
  });

  it('is asked again after the Retry-After it gave, not sooner', () => {
    const delay = retryDelayUpTo(30_000);
    expect(delay(0, busy(503, 7))).toBe(7000);
    expect(delay(4, busy(429, 2))).toBe(2000);
    expect(delay(0, new ApiError(500, 'failed'))).toBe(1000);
  });
});

describe('doublingDelay', () => {
  it('doubles from one second and stops at the ceiling', () => {
    const delay = doublingDelay(30_000);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(delay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe('createQueryClient', () => {
  it("uses the spec's cache times and retry rule, and never retries mutations", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(5 * 60_000);
    expect(queries?.gcTime).toBe(10 * 60_000);
    expect(queries?.retry).toBe(shouldRetry);
    expect(typeof queries?.retryDelay === 'function' && queries.retryDelay(10, new Error('x'))).toBe(30_000);
    expect(mutations?.retry).toBe(false);
  });
});
