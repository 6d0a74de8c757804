import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetServerBusy, serverBusySeconds } from './server-busy';
import { fetchSession, SessionCheckError } from './session';

describe('fetchSession', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tries three times, then fails with the spec's 'HTTP error N' as a server failure, not a sign-out", async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      return new Response('unavailable', { status: 503 });
    });
    const failure = await fetchSession([5, 5, 5], async () => {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SessionCheckError);
    expect(failure).toMatchObject({ message: 'HTTP error 503', reason: 'server' });
    expect(calls).toEqual(['/api/auth/get-session', '/api/auth/get-session', '/api/auth/get-session']);
  });

  it('is offline only when Lore cannot be reached at all', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await fetchSession([5, 5, 5], async () => {}).catch((error: unknown) => error);
    expect(failure).toMatchObject({ reason: 'offline' });
  });

  it('is busy, at once and with the seconds to wait, when Lore answers 429 or 503 with Retry-After', async () => {
    for (const status of [429, 503]) {
      let calls = 0;
      vi.stubGlobal('fetch', async () => {
        calls++;
        return new Response(null, { status, headers: { 'retry-after': '12' } });
      });
      const failure = await fetchSession([5, 5, 5], async () => {}).catch((error: unknown) => error);
      expect(failure).toMatchObject({ reason: 'busy', retryAfterSeconds: 12, message: `HTTP error ${status}` });
      expect(calls).toBe(1);
      expect(serverBusySeconds()).toBe(12);
      forgetServerBusy();
    }
  });
});
