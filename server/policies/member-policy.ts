import type { Role } from '../db/schema';

const isManager = (role: Role) => role === 'owner' || role === 'admin';

/**
 * Spec section 6, as pure functions over roles. The server enforces these on
 * every endpoint; the UI receives their answers to show or hide actions.
 */
export const memberPolicy = {
  /** Owners and admins invite people and cancel invitations. */
  invite: isManager,
  /** Only owners and admins may invite someone as an admin. */
  inviteAsAdmin: isManager,
  cancelInvite: isManager,
  /** Who sees the pending invitations (their e-mail addresses). */
  viewInvites: isManager,
  /** Removing someone else: the owner removes anyone but the owner; an admin removes members only. */
  remove: (actor: Role, target: Role) =>
    target !== 'owner' && (actor === 'owner' || (actor === 'admin' && target === 'member')),
  /** Anyone may leave, except an owner who is the only member. */
  leave: (role: Role, memberCount: number) => role !== 'owner' || memberCount > 1,
  /** Only the owner changes roles, and never their own (that is a transfer). */
  changeRole: (actor: Role, target: Role) => actor === 'owner' && target !== 'owner',
  transferOwnership: (actor: Role) => actor === 'owner',
};

/** What the caller may do to one member's row on the users page. */
export function memberRowPolicies(actor: { role: Role; userId: string }, target: { role: Role; userId: string }, memberCount: number) {
  const self = actor.userId === target.userId;
  return {
    remove: !self && memberPolicy.remove(actor.role, target.role),
    leave: self && memberPolicy.leave(actor.role, memberCount),
    changeRole: !self && memberPolicy.changeRole(actor.role, target.role),
    makeOwner: !self && memberPolicy.transferOwnership(actor.role),
  };
}
