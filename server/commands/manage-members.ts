import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { countMembers, deleteMember, findMembership, findSuccessor, setMemberRole } from '../data/account-members';
import { badRequest, forbidden, notFound } from '../errors';
import { memberPolicy } from '../policies/member-policy';
import { withMembershipLock } from './membership-transaction';

const NOT_A_MEMBER = 'User is not a member of this account';

/**
 * Removes a member, or lets the caller leave. An owner who leaves hands
 * ownership to the longest-standing admin (else member) in the same transaction.
 */
export async function removeMember(db: Kysely<DB>, input: { accountId: string; actorId: string; targetId: string }) {
  return withMembershipLock(db, input.accountId, input.actorId, async (trx, actorRole) => {
    const target = await findMembership(trx, input.accountId, input.targetId);
    if (!target) throw notFound(NOT_A_MEMBER);

    if (input.targetId === input.actorId) {
      const members = await countMembers(trx, input.accountId);
      if (!memberPolicy.leave(actorRole, members)) {
        throw badRequest('You are the only member of this account. Delete the account instead.', 'last_member');
      }
      const successor = actorRole === 'owner' ? await findSuccessor(trx, input.accountId, input.actorId) : undefined;
      await deleteMember(trx, input.accountId, input.actorId);
      if (successor) await setMemberRole(trx, input.accountId, successor.user_id, 'owner');
      return { left: true, newOwnerId: successor?.user_id ?? null };
    }

    if (target.role === 'owner') throw forbidden('The account owner cannot be removed');
    if (!memberPolicy.remove(actorRole, target.role)) {
      throw forbidden(actorRole === 'admin' ? 'Admins can only remove members' : 'Permission denied');
    }
    await deleteMember(trx, input.accountId, input.targetId);
    return { left: false, newOwnerId: null };
  });
}

/** The owner makes a member an admin or an admin a member. */
export async function updateMemberRole(
  db: Kysely<DB>,
  input: { accountId: string; actorId: string; targetId: string; role: 'admin' | 'member' },
) {
  return withMembershipLock(db, input.accountId, input.actorId, async (trx, actorRole) => {
    if (actorRole !== 'owner') throw forbidden('Only the account owner can change roles');
    const target = await findMembership(trx, input.accountId, input.targetId);
    if (!target) throw notFound(NOT_A_MEMBER);
    if (!memberPolicy.changeRole(actorRole, target.role)) {
      throw badRequest("The owner's role changes only by transferring ownership", 'owner_role');
    }
    await setMemberRole(trx, input.accountId, input.targetId, input.role);
  });
}

/** The owner hands ownership to another member and becomes an admin or member. */
export async function transferOwnership(
  db: Kysely<DB>,
  input: { accountId: string; actorId: string; currentOwnerId: string; newOwnerId: string; newOwnerRole: 'admin' | 'member' },
) {
  return withMembershipLock(db, input.accountId, input.actorId, async (trx, actorRole) => {
    if (!memberPolicy.transferOwnership(actorRole) || input.currentOwnerId !== input.actorId) {
      throw forbidden('Only the current owner can transfer ownership');
    }
    if (input.newOwnerId === input.currentOwnerId) throw badRequest('The new owner cannot be the current owner');
    const target = await findMembership(trx, input.accountId, input.newOwnerId);
    if (!target) throw notFound(NOT_A_MEMBER);
    // Demote first: the one-owner index allows no moment with two owners.
    await setMemberRole(trx, input.accountId, input.currentOwnerId, input.newOwnerRole);
    await setMemberRole(trx, input.accountId, input.newOwnerId, 'owner');
  });
}
