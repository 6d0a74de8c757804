import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Role } from '../db/types';
import { findMembership, lockAccountMembership } from '../data/account-members';
import { notFound } from '../errors';

/**
 * Runs a membership change with the account row locked, and hands it the
 * caller's role as it is now (not as it was when the request began), so
 * concurrent role changes, transfers and removals cannot interleave.
 */
export async function withMembershipLock<T>(
  db: Kysely<DB>,
  accountId: string,
  actorId: string,
  change: (trx: Transaction<DB>, actorRole: Role) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockAccountMembership(trx, accountId))) throw notFound('Account not found');
    const actor = await findMembership(trx, accountId, actorId);
    if (!actor) throw notFound('Account not found');
    return change(trx, actor.role);
  });
}
