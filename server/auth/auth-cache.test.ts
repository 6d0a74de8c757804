import { describe, expect, it } from 'vitest';
import type { Membership } from '../app-env';
import { createAuthCache, type SessionRead } from './auth-cache';

const session = (expiresAt: number) =>
  ({ user: { id: 'u' }, session: { expiresAt: new Date(expiresAt) } }) as SessionRead;
const member: Membership = { accountId: 'a', userId: 'u', role: 'member' };

describe('the auth cache', () => {
  it('reads a session once within its time, again after it, and never past the session', async () => {
    let now = 0;
    const cache = createAuthCache({ ttlMs: 5000, now: () => now });
    let reads = 0;
    const read = async () => (reads++, session(7000));
    await cache.session('t1', read);
    now = 4999;
    await cache.session('t1', read);
    expect(reads).toBe(1);
    await cache.session('t2', read);
    expect(reads).toBe(2);
    now = 5000;
    await cache.session('t1', read);
    expect(reads).toBe(3);
    // Read at 5000, the session ends at 7000: not kept until 10000.
    now = 7000;
    await cache.session('t1', read);
    expect(reads).toBe(4);
  });

  it('keeps "not a member" but not "no session", reads without a token every time, and forgets all on clear', async () => {
    const cache = createAuthCache({ ttlMs: 5000, now: () => 0 });
    let reads = 0;
    expect(await cache.session('made-up', async () => (reads++, null))).toBeNull();
    expect(await cache.session('made-up', async () => (reads++, null))).toBeNull();
    await cache.session(undefined, async () => (reads++, null));
    await cache.session(undefined, async () => (reads++, null));
    expect(reads).toBe(4);
    expect(await cache.membership('u', 'a', async () => (reads++, null))).toBeNull();
    expect(await cache.membership('u', 'a', async () => (reads++, member))).toBeNull();
    expect(reads).toBe(5);
    cache.clear();
    expect(await cache.membership('u', 'a', async () => (reads++, member))).toEqual(member);
    expect(reads).toBe(6);
  });

  it('shares a read under way with the requests that arrive meanwhile, and forgets a read that failed', async () => {
    const cache = createAuthCache({ ttlMs: 5000, now: () => 0 });
    let reads = 0;
    let finishRead!: (value: SessionRead) => void;
    const slowRead = () => (reads++, new Promise<SessionRead>((resolve) => (finishRead = resolve)));
    const burst = [cache.session('t', slowRead), cache.session('t', slowRead), cache.session('t', slowRead)];
    finishRead(session(7000));
    expect(new Set(await Promise.all(burst)).size).toBe(1);
    expect(reads).toBe(1);

    await expect(
      cache.membership('u', 'a', async () => (reads++, Promise.reject(new Error('down')))),
    ).rejects.toThrow();
    expect(await cache.membership('u', 'a', async () => (reads++, member))).toEqual(member);
    expect(reads).toBe(3);
  });

  it('does not keep a read that was under way when the cache was emptied (it may predate the write)', async () => {
    const cache = createAuthCache({ ttlMs: 5000, now: () => 0 });
    let finishRead!: (value: SessionRead) => void;
    const stale = cache.session('t1', () => new Promise<SessionRead>((resolve) => (finishRead = resolve)));
    cache.clear();
    finishRead(session(7000));
    await stale;
    let reads = 0;
    await cache.session('t1', async () => (reads++, session(7000)));
    await cache.session('t1', async () => (reads++, session(7000)));
    expect(reads).toBe(1);
  });
});
