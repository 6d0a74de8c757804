import type { Kysely } from 'kysely';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import type { DB } from '../db/schema';
import { findMembership } from '../data/account-members';
import { notFound } from '../errors';
import { currentUser } from './session-middleware';

const uuid = z.uuid();

/**
 * Loads the caller's membership of the account in the `:accountId` parameter.
 * A stranger gets the same 404 as a missing account, so ids reveal nothing.
 */
export function requireMembership(db: Kysely<DB>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = currentUser(c);
    const accountId = c.req.param('accountId') ?? '';
    const member = uuid.safeParse(accountId).success ? await findMembership(db, accountId, user.id) : undefined;
    if (!member) throw notFound('Account not found');
    c.set('membership', { accountId, userId: user.id, role: member.role });
    await next();
  };
}
