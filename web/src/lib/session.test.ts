import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSession, SessionCheckError } from './session';

describe('fetchSession', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tries three times, then fails with the spec's 'HTTP error N' as a connection problem, not a sign-out", async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      return new Response('unavailable', { status: 503 });
    });
    const failure = await fetchSession([5, 5, 5], async () => {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SessionCheckError);
    expect((failure as Error).message).toBe('HTTP error 503');
    expect(calls).toEqual(['/api/auth/get-session', '/api/auth/get-session', '/api/auth/get-session']);
  });
});
