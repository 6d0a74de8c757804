import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { accountIdOfStoredPath } from '../../common/files';
import type { AppEnv, Membership } from '../app-env';
import type { Auth, SessionUser } from './auth';
import type { AuthCache } from './auth-cache';
import type { Executor } from '../data/executor';
import { findMembership } from '../data/account-members';
import { TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES } from '../../common/two-factor';
import { AppError, notFound, unauthenticated } from '../errors';

const uuid = z.uuid();

/** 401 unless someone is signed in; `message` is the spec's wording where it has one. */
export const requireUser =
  (message?: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!c.get('user')) throw unauthenticated(message);
    await next();
  };

/**
 * 403 for a session that still owes its second factor (decision 4): behind
 * every guarded endpoint but the few that let it give the code.
 */
export const requireSecondFactor: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('session')?.secondFactor === 'pending') throw secondFactorRequired();
  await next();
};

export const secondFactorRequired = () => new AppError(403, TWO_FACTOR_CODES.required, TWO_FACTOR_MESSAGES.required);

/** better-auth's routes a session that owes its second factor may use: its own session, sign-out, and signing in anew. */
const OPEN_BEFORE_SECOND_FACTOR = /^\/api\/auth\/(get-session|sign-out|sign-in\/|callback\/|magic-link\/verify)/;

/**
 * The same gate for better-auth's own routes under /api/auth (changing the user,
 * listing or revoking sessions...), which our routers do not guard.
 */
export function gateAuthRoutes(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!OPEN_BEFORE_SECOND_FACTOR.test(c.req.path)) {
      const result = await auth.api.getSession({ headers: c.req.raw.headers });
      if (result?.session.secondFactor === 'pending') throw secondFactorRequired();
    }
    await next();
  };
}

/**
 * The account a request names, read from its validated input: `accountId` in
 * the path, the query or the JSON body, or the first segment of a stored file's
 * `path` (files live under their account).
 */
export function requestedAccountId(c: Context<AppEnv>): unknown {
  const request = c.req as unknown as { valid(target: string): Record<string, unknown> | undefined };
  const valid = (target: 'param' | 'query' | 'json') => request.valid(target) ?? {};
  const { accountId, path } = { ...valid('json'), ...valid('query'), ...valid('param') };
  if (accountId !== undefined) return accountId;
  return typeof path === 'string' ? accountIdOfStoredPath(path) : undefined;
}

/**
 * The caller's membership of the account the request names. A missing account,
 * a malformed id and an account the caller is not in get the same 404, so ids
 * reveal nothing.
 */
export async function loadMembership(
  db: Executor,
  accountId: unknown,
  userId: string,
  cache?: AuthCache,
): Promise<Membership> {
  const id = uuid.safeParse(accountId);
  if (!id.success) throw notFound('Account not found');
  const read = async () => {
    const member = await findMembership(db, id.data, userId);
    return member ? { accountId: member.account_id, userId, role: member.role } : null;
  };
  const membership = cache ? await cache.membership(userId, id.data, read) : await read();
  if (!membership) throw notFound('Account not found');
  return membership;
}

/** The signed-in user, behind a guard that required one. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}

/** The caller's membership, behind the membership guard. */
export function currentMembership(c: Context<AppEnv>): Membership {
  const membership = c.get('membership');
  if (!membership) throw new Error('currentMembership() called on a route without the membership guard');
  return membership;
}
