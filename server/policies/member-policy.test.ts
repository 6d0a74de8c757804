import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../common/roles';
import { AppError } from '../errors';
import { accountPolicy } from './account-policy';
import { abilities, authorize } from './authorize';
import { memberPolicy, teamPolicy } from './member-policy';

const context = (actor: Role, target: Role, options: { self?: boolean; memberCount?: number } = {}) => ({
  actor: { userId: 'actor', role: actor },
  target: { userId: options.self ? 'actor' : 'target', role: target },
  memberCount: options.memberCount ?? 3,
});

/** The error authorize() throws for a refused context, as [status, message]. */
function refusal<C>(rule: Parameters<typeof authorize<C>>[0], c: C) {
  try {
    authorize(rule, c);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [error.status, error.message];
  }
}

describe('teamPolicy (spec section 6)', () => {
  it.each(ROLES)('%s: what the users page offers account-wide', (role) => {
    const manager = role !== 'member';
    expect(abilities(teamPolicy, { role })).toEqual({
      invite: manager,
      inviteAsAdmin: manager,
      cancelInvite: manager,
      viewInvites: manager,
      changeRoles: role === 'owner',
      transferOwnership: role === 'owner',
    });
  });

  it('refuses a member inviting an admin with the spec message', () => {
    expect(refusal(teamPolicy.inviteAsAdmin, { role: 'member' })).toEqual([
      403,
      'You do not have permission to invite administrators',
    ]);
  });
});

describe('accountPolicy', () => {
  it.each([
    ['owner', true, true, true, true],
    ['admin', true, false, true, true],
    ['member', false, false, true, false],
  ] as const)('%s: rename %s, delete %s, import %s, export %s', (role, rename, remove, importItems, exportItems) => {
    expect(abilities(accountPolicy, { role })).toEqual({
      rename,
      delete: remove,
      import: importItems,
      export: exportItems,
    });
  });
});

describe('memberPolicy (spec section 6)', () => {
  it.each([
    ['owner', 'member', true],
    ['owner', 'admin', true],
    ['owner', 'owner', false],
    ['admin', 'member', true],
    ['admin', 'admin', false],
    ['admin', 'owner', false],
    ['member', 'member', false],
    ['member', 'admin', false],
    ['member', 'owner', false],
  ] as const)('%s removing a %s: %s', (actor, target, allowed) => {
    expect(memberPolicy.remove.allows(context(actor, target))).toBe(allowed);
  });

  it.each([
    ['owner', 'owner', 'The account owner cannot be removed'],
    ['admin', 'admin', 'Admins can only remove members'],
    ['member', 'member', 'Permission denied'],
  ] as const)('%s removing a %s is refused with "%s"', (actor, target, message) => {
    expect(refusal(memberPolicy.remove, context(actor, target))).toEqual([403, message]);
  });

  it.each([
    ['owner', 1, false],
    ['owner', 2, true],
    ['admin', 2, true],
    ['member', 2, true],
  ] as const)('%s leaving an account of %i: %s', (role, memberCount, allowed) => {
    expect(memberPolicy.leave.allows(context(role, role, { self: true, memberCount }))).toBe(allowed);
  });

  it('a lone owner who tries to leave is told to delete the account', () => {
    expect(refusal(memberPolicy.leave, context('owner', 'owner', { self: true, memberCount: 1 }))).toEqual([
      400,
      'You are the only member of this account. Delete the account instead.',
    ]);
  });

  it.each(ROLES)('only the owner changes roles and transfers ownership (%s)', (role) => {
    expect(memberPolicy.changeRole.allows(context(role, 'member'))).toBe(role === 'owner');
    expect(memberPolicy.changeRole.allows(context(role, 'owner'))).toBe(false);
    expect(memberPolicy.makeOwner.allows(context(role, 'admin'))).toBe(role === 'owner');
  });

  it('nobody acts on their own row except to leave', () => {
    expect(abilities(memberPolicy, context('owner', 'owner', { self: true }))).toEqual({
      remove: false,
      leave: true,
      changeRole: false,
      makeOwner: false,
    });
  });

  it("refuses changing the owner's role with a 400 and a non-owner with a 403", () => {
    expect(refusal(memberPolicy.changeRole, context('owner', 'owner'))?.[0]).toBe(400);
    expect(refusal(memberPolicy.changeRole, context('admin', 'member'))).toEqual([
      403,
      'Only the account owner can change roles',
    ]);
  });
});
