import { describe, expect, it } from 'vitest';
import { afterFailedAttempt, delayAfterDrop, delayAfterFailure, mayTryOnVisible } from './reconnect-schedule';

describe('the reconnect schedule (spec section 9)', () => {
  it('tries again 1 s after a drop when the server answers the connection test, 2 s when it does not', () => {
    expect([delayAfterDrop(true), delayAfterDrop(false)]).toEqual([1000, 2000]);
  });

  it('backs off 1, 2, 5, then 10 s between failed attempts', () => {
    expect([1, 2, 3, 4, 5, 50].map(delayAfterFailure)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });

  it('lets a tab coming into view try at most every 10 s', () => {
    expect(mayTryOnVisible(0, 9_999)).toBe(false);
    expect(mayTryOnVisible(0, 10_000)).toBe(true);
  });
});

describe('after a failed attempt to open the stream', () => {
  it('is offline only after attempts that reached nothing', () => {
    expect(afterFailedAttempt(undefined, 1)).toEqual({ state: 'reconnecting', delayMs: 1000 });
    expect(afterFailedAttempt(undefined, 3)).toEqual({ state: 'disconnected', delayMs: 5000 });
  });

  it('keeps reconnecting while Lore answers busy or failing, as soon as it asked', () => {
    expect(afterFailedAttempt({ status: 503, retryAfterSeconds: 4 }, 9)).toEqual({
      state: 'reconnecting',
      delayMs: 4000,
    });
    expect(afterFailedAttempt({ status: 500 }, 9)).toEqual({ state: 'reconnecting', delayMs: 10_000 });
    // Past the cap of open tabs: slowly.
    expect(afterFailedAttempt({ status: 429 }, 1)).toEqual({ state: 'reconnecting', delayMs: 10_000 });
  });
});
