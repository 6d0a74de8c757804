import type { Role } from '../db/types';
import { badRequest, forbidden } from '../errors';
import { isManager, isOwner } from './account-policy';
import { rule } from './authorize';

/**
 * Spec section 6, account-wide: who manages the team. The server enforces these
 * on every endpoint; the users page receives their answers to show or hide actions.
 */
export const teamPolicy = {
  /** Owners and admins invite people and cancel invitations. */
  invite: rule(isManager, 'Permission denied'),
  /** Only owners and admins may invite someone as an admin. */
  inviteAsAdmin: rule(isManager, 'You do not have permission to invite administrators'),
  cancelInvite: rule(isManager, 'Permission denied'),
  /** Who sees the pending invitations (their e-mail addresses). */
  viewInvites: rule(isManager, 'Permission denied'),
  /** Only the owner changes roles. */
  changeRoles: rule(isOwner, 'Only the account owner can change roles'),
  transferOwnership: rule(isOwner, 'Only the current owner can transfer ownership'),
};

/** A caller acting on one member's row of the users page. */
export interface MemberContext {
  actor: { userId: string; role: Role };
  target: { userId: string; role: Role };
  memberCount: number;
}

const isSelf = ({ actor, target }: MemberContext) => actor.userId === target.userId;

/** Spec section 6, per member: what the caller may do to one member (the users page's row actions). */
export const memberPolicy = {
  /** The owner removes anyone but the owner; an admin removes members only. */
  remove: rule<MemberContext>(
    (c) =>
      !isSelf(c) &&
      c.target.role !== 'owner' &&
      (c.actor.role === 'owner' || (c.actor.role === 'admin' && c.target.role === 'member')),
    ({ actor, target }) => {
      if (target.role === 'owner') return forbidden('The account owner cannot be removed');
      return forbidden(actor.role === 'admin' ? 'Admins can only remove members' : 'Permission denied');
    },
  ),
  /** Anyone may leave, except an owner who is the only member. */
  leave: rule<MemberContext>(
    (c) => isSelf(c) && (c.actor.role !== 'owner' || c.memberCount > 1),
    () => badRequest('You are the only member of this account. Delete the account instead.', 'last_member'),
  ),
  /** Only the owner changes roles, and never the owner's own (that is a transfer). */
  changeRole: rule<MemberContext>(
    (c) => !isSelf(c) && teamPolicy.changeRoles.allows(c.actor) && c.target.role !== 'owner',
    ({ actor }) =>
      teamPolicy.changeRoles.allows(actor)
        ? badRequest("The owner's role changes only by transferring ownership", 'owner_role')
        : teamPolicy.changeRoles.refusal(actor),
  ),
  /** The owner hands ownership to another member. */
  makeOwner: rule<MemberContext>(
    (c) => !isSelf(c) && teamPolicy.transferOwnership.allows(c.actor),
    ({ actor }) =>
      teamPolicy.transferOwnership.allows(actor)
        ? badRequest('The new owner cannot be the current owner')
        : teamPolicy.transferOwnership.refusal(actor),
  ),
};
