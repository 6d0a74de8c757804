import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Membership } from '../app-env';
import type { AuthSession, SessionUser } from './auth';

/** How long a session or membership read is trusted (decision 20): a change made by another process shows within this. */
export const AUTH_CACHE_TTL_MS = 5000;
/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * Reads kept for `ttlMs` at most, as promises: requests that arrive while a read
 * is under way (a list page asks for its items, tags and count at once) share it.
 */
function sharedReads<V>(ttlMs: number, now: () => number) {
  const entries = new Map<string, { value: Promise<V>; until: number }>();
  /** How many times the map was emptied: a read finishing after that is not kept (it may predate the write). */
  let generation = 0;
  return {
    read(key: string, read: () => Promise<V>, keep: (value: V) => { until?: number } | false): Promise<V> {
      const entry = entries.get(key);
      if (entry && entry.until > now()) return entry.value;
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      const startedIn = generation;
      const value = read();
      const kept = { value, until: now() + ttlMs };
      entries.set(key, kept);
      const forget = () => {
        if (entries.get(key) === kept) entries.delete(key);
      };
      value.then((result) => {
        const keeping = generation === startedIn && keep(result);
        if (!keeping) return forget();
        if (keeping.until !== undefined) kept.until = Math.min(kept.until, keeping.until);
      }, forget);
      return value;
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

export interface SessionRead {
  user: SessionUser;
  session: AuthSession;
}

/**
 * The session behind a session token and a user's memberships, read once and kept
 * for a few seconds (decision 20). Any request that may change them in this
 * process (any but GET, HEAD and OPTIONS: sign-out, revoking a session, the
 * second factor, a change of member or role, a deleted account) empties both when
 * it ends; another process's change shows within the TTL. Sessions are keyed by a
 * hash of the token (a key of fixed size whatever the cookie), and a token that
 * finds no session is not kept, so made-up cookies cannot fill the cache.
 */
export function createAuthCache(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? AUTH_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const sessions = sharedReads<SessionRead | null>(ttlMs, now);
  const memberships = sharedReads<Membership | null>(ttlMs, now);
  return {
    /** The session for this token, from `read` unless read within the TTL; never kept past the session's own expiry. */
    session(token: string | undefined, read: () => Promise<SessionRead | null>): Promise<SessionRead | null> {
      if (!token) return read();
      const key = createHash('sha256').update(token).digest('base64');
      return sessions.read(key, read, (result) => !!result && { until: new Date(result.session.expiresAt).getTime() });
    },
    /** The user's membership of the account (null: none), from `read` unless read within the TTL. */
    membership(userId: string, accountId: string, read: () => Promise<Membership | null>) {
      return memberships.read(`${userId} ${accountId}`, read, () => ({}));
    },
    clear() {
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
