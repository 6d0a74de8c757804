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
    await cache.session('c=1', read);
    now = 4999;
    await cache.session('c=1', read);
    expect(reads).toBe(1);
    await cache.session('c=2', read);
    expect(reads).toBe(2);
    now = 5000;
    await cache.session('c=1', read);
    expect(reads).toBe(3);
    // Read at 5000, the session ends at 7000: not kept until 10000.
    now = 7000;
    await cache.session('c=1', read);
    expect(reads).toBe(4);
  });

  it('keeps "no session" and "not a member" too, reads without cookies every time, and forgets all on clear', async () => {
    const cache = createAuthCache({ ttlMs: 5000, now: () => 0 });
    let reads = 0;
    expect(await cache.session('c=bad', async () => (reads++, null))).toBeNull();
    expect(await cache.session('c=bad', async () => (reads++, null))).toBeNull();
    await cache.session(undefined, async () => (reads++, null));
    await cache.session(undefined, async () => (reads++, null));
    expect(reads).toBe(3);
    expect(await cache.membership('u', 'a', async () => (reads++, null))).toBeNull();
    expect(await cache.membership('u', 'a', async () => (reads++, member))).toBeNull();
    expect(reads).toBe(4);
    cache.clear();
    expect(await cache.membership('u', 'a', async () => (reads++, member))).toEqual(member);
    expect(reads).toBe(5);
  });

  it('does not keep a read that was under way when the cache was emptied (it may predate the write)', async () => {
    const cache = createAuthCache({ ttlMs: 5000, now: () => 0 });
    let finishRead!: (value: SessionRead) => void;
    const stale = cache.session('c=1', () => new Promise<SessionRead>((resolve) => (finishRead = resolve)));
    cache.clear();
    finishRead(session(7000));
    await stale;
    let reads = 0;
    await cache.session('c=1', async () => (reads++, session(7000)));
    await cache.session('c=1', async () => (reads++, session(7000)));
    expect(reads).toBe(1);
  });
});
