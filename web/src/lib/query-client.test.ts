import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, doublingDelay, shouldRetry } from './query-client';

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
