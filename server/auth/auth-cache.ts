import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Membership } from '../app-env';
import type { AuthSession, SessionUser } from './auth';

/** How long a session or membership read is trusted (decision 20): a change made by another process shows within this. */
export const AUTH_CACHE_TTL_MS = 5000;
/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

/** A map whose entries live `ttlMs` at most. */
function expiringMap<V>(ttlMs: number, now: () => number) {
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: V, until = now() + ttlMs) {
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: Math.min(until, now() + ttlMs) });
    },
    clear: () => entries.clear(),
  };
}

export interface SessionRead {
  user: SessionUser;
  session: AuthSession;
}

/**
 * The session behind a cookie and a user's memberships, read once and kept for a
 * few seconds (decision 20), so a burst of requests (a list page asks for its
 * items, tags and count at once) reads them once. Any request that may change
 * them in this process (any but GET, HEAD and OPTIONS: sign-out, revoking a
 * session, the second factor, a change of member or role, a deleted account)
 * empties both when it ends; another process's change shows within the TTL.
 * A read that was under way when the cache was emptied answers its caller but is
 * not kept: it may have read what the write then changed.
 */
export function createAuthCache(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? AUTH_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const sessions = expiringMap<SessionRead | null>(ttlMs, now);
  const memberships = expiringMap<Membership | null>(ttlMs, now);
  /** How many times the cache was emptied; a read keeps its result only if this did not move meanwhile. */
  let generation = 0;
  async function readAndKeep<V>(read: () => Promise<V>, keep: (result: V) => void): Promise<V> {
    const startedIn = generation;
    const result = await read();
    if (generation === startedIn) keep(result);
    return result;
  }
  return {
    /** The session for these cookies, from `read` unless read within the TTL; never past the session's own expiry. */
    async session(cookies: string | undefined, read: () => Promise<SessionRead | null>): Promise<SessionRead | null> {
      if (!cookies) return read();
      const cached = sessions.get(cookies);
      if (cached !== undefined) return cached;
      return readAndKeep(read, (result) =>
        sessions.set(cookies, result, result ? new Date(result.session.expiresAt).getTime() : undefined),
      );
    },
    /** The user's membership of the account (null: none), from `read` unless read within the TTL. */
    async membership(userId: string, accountId: string, read: () => Promise<Membership | null>) {
      const key = `${userId} ${accountId}`;
      const cached = memberships.get(key);
      if (cached !== undefined) return cached;
      return readAndKeep(read, (result) => memberships.set(key, result));
    },
    clear() {
      generation++;
      sessions.clear();
      memberships.clear();
    },
  };
}

export type AuthCache = ReturnType<typeof createAuthCache>;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Empties the cache when a request that may have changed a session or membership ends, whatever its answer. */
export function forgetAuthOnWrites(cache: AuthCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    try {
      await next();
    } finally {
      if (!READS.has(c.req.method)) cache.clear();
    }
  };
}
