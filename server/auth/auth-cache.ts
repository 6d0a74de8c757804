import type { Membership } from '../app-env';
import { sharedReads } from '../cache/shared-reads';
import type { AuthSession, SessionUser } from './auth';

/** How long a session or membership read is trusted (decision 20): a change made by another process shows within this. */
export const AUTH_CACHE_TTL_MS = 5000;
/** Sessions, and memberships, kept at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

export interface SessionRead {
  user: SessionUser;
  session: AuthSession;
}

/**
 * The session behind a session token and a user's memberships, read once and kept
 * for a few seconds (decision 20). Any request that may change them in this
 * process (any but GET, HEAD and OPTIONS: sign-out, revoking a session, the
 * second factor, a change of member or role, a deleted account) empties both when
 * it ends; another process's change shows within the TTL, and a change of members
 * as soon as this process's change feed reads it (server/assemble.ts). Sessions are keyed by
 * the signed cookie's value, and one that finds no session (a made-up or altered cookie, whose
 * signature better-auth refuses) is not kept, so made-up cookies cannot fill the cache.
 */
export function createAuthCache(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? AUTH_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const sessions = sharedReads<SessionRead | null>({ ttlMs, maxEntries: MAX_ENTRIES, now });
  const memberships = sharedReads<Membership | null>({ ttlMs, maxEntries: MAX_ENTRIES, now });
  return {
    /** The session behind this session cookie, from `read` unless read within the TTL; never kept past the session's own expiry. */
    session(cookie: string | undefined, read: () => Promise<SessionRead | null>): Promise<SessionRead | null> {
      if (!cookie) return read();
      return sessions.read(
        cookie,
        read,
        (result) => !!result && { until: new Date(result.session.expiresAt).getTime() },
      );
    },
    /** The user's membership of the account (null: none), from `read` unless read within the TTL. */
    membership(userId: string, accountId: string, read: () => Promise<Membership | null>) {
      return memberships.read(`${userId} ${accountId}`, read);
    },
    clear() {
      sessions.clear();
      memberships.clear();
    },
  };
}

export type AuthCache = ReturnType<typeof createAuthCache>;
