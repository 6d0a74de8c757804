import type { Kysely } from 'kysely';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv, Membership } from '../app-env';
import type { DB } from '../db/schema';
import { findMembership } from '../data/account-members';
import { notFound } from '../errors';
import { currentUser } from './session-middleware';

const uuid = z.uuid();

/**
 * The caller's membership of an account, or a 404 that is the same for a
 * missing account, a malformed id and an account the caller is not in.
 */
export async function loadMembership(db: Kysely<DB>, accountId: string, userId: string): Promise<Membership> {
  const member = uuid.safeParse(accountId).success ? await findMembership(db, accountId, userId) : undefined;
  if (!member) throw notFound('Account not found');
  return { accountId, userId, role: member.role };
}

/**
 * Loads the caller's membership of the account in the `:accountId` parameter.
 * A stranger gets the same 404 as a missing account, so ids reveal nothing.
 */
export function requireMembership(db: Kysely<DB>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('membership', await loadMembership(db, c.req.param('accountId') ?? '', currentUser(c).id));
    await next();
  };
}
