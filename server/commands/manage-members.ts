import type { Kysely, Transaction } from 'kysely';
import type { AssignableRole } from '../../common/roles';
import type { DB } from '../db/schema';
import type { Role } from '../db/types';
import { countMembers, deleteMember, findMembership, findSuccessor, setMemberRole } from '../data/account-members';
import { notFound } from '../errors';
import { authorize } from '../policies/authorize';
import { memberPolicy, teamPolicy, type MemberContext } from '../policies/member-policy';
import { withMembershipLock } from './membership-transaction';

const NOT_A_MEMBER = 'User is not a member of this account';

/** The caller and the member they act on, as the member policy judges them (read under the lock). */
async function memberContext(
  trx: Transaction<DB>,
  accountId: string,
  actor: { userId: string; role: Role },
  targetId: string,
): Promise<MemberContext> {
  const target = await findMembership(trx, accountId, targetId);
  if (!target) throw notFound(NOT_A_MEMBER);
  return {
    actor,
    target: { userId: target.user_id, role: target.role },
    memberCount: await countMembers(trx, accountId),
  };
}

/**
 * Removes a member, or lets the caller leave. An owner who leaves hands
 * ownership to the longest-standing admin (else member) in the same transaction.
 */
export async function removeMember(db: Kysely<DB>, input: { accountId: string; actorId: string; targetId: string }) {
  return withMembershipLock(db, input.accountId, input.actorId, async (trx, actorRole) => {
    const context = await memberContext(
      trx,
      input.accountId,
      { userId: input.actorId, role: actorRole },
      input.targetId,
    );
    if (input.targetId !== input.actorId) {
      authorize(memberPolicy.remove, context);
      await deleteMember(trx, input.accountId, input.targetId);
      return { left: false, newOwnerId: null };
    }
    authorize(memberPolicy.leave, context);
    const successor = actorRole === 'owner' ? await findSuccessor(trx, input.accountId, input.actorId) : undefined;
    await deleteMember(trx, input.accountId, input.actorId);
    if (successor) await setMemberRole(trx, input.accountId, successor.user_id, 'owner');
    return { left: true, newOwnerId: successor?.user_id ?? null };
  });
}

/** The owner makes a member an admin or an admin a member. */
export async function updateMemberRole(
  db: Kysely<DB>,
  input: { accountId: string; actorId: string; targetId: string; role: AssignableRole },
) {
  return withMembershipLock(db, input.accountId, input.actorId, async (trx, actorRole) => {
    authorize(teamPolicy.changeRoles, { role: actorRole });
    authorize(
      memberPolicy.changeRole,
      await memberContext(trx, input.accountId, { userId: input.actorId, role: actorRole }, input.targetId),
    );
    await setMemberRole(trx, input.accountId, input.targetId, input.role);
  });
}

/** The owner hands ownership to another member and becomes an admin or member. */
export async function transferOwnership(
  db: Kysely<DB>,
  input: {
    accountId: string;
    actorId: string;
    currentOwnerId: string;
    newOwnerId: string;
    newOwnerRole: AssignableRole;
  },
) {
  return withMembershipLock(db, input.accountId, input.actorId, async (trx, actorRole) => {
    authorize(teamPolicy.transferOwnership, { role: actorRole });
    // The caller must also say they are the owner: a stale page must not transfer by surprise.
    if (input.currentOwnerId !== input.actorId) throw teamPolicy.transferOwnership.refusal({ role: actorRole });
    authorize(
      memberPolicy.makeOwner,
      await memberContext(trx, input.accountId, { userId: input.actorId, role: actorRole }, input.newOwnerId),
    );
    // Demote first: the one-owner index allows no moment with two owners.
    await setMemberRole(trx, input.accountId, input.currentOwnerId, input.newOwnerRole);
    await setMemberRole(trx, input.accountId, input.newOwnerId, 'owner');
  });
}
