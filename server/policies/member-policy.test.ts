import { describe, expect, it } from 'vitest';
import type { Role } from '../db/schema';
import { memberPolicy } from './member-policy';

const roles: Role[] = ['owner', 'admin', 'member'];

describe('memberPolicy (spec section 6)', () => {
  it.each(roles.map((role) => [role, role !== 'member']))('%s may invite and cancel invitations: %s', (role, allowed) => {
    expect(memberPolicy.invite(role)).toBe(allowed);
    expect(memberPolicy.inviteAsAdmin(role)).toBe(allowed);
    expect(memberPolicy.cancelInvite(role)).toBe(allowed);
  });

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
    expect(memberPolicy.remove(actor, target)).toBe(allowed);
  });

  it.each([
    ['owner', 1, false],
    ['owner', 2, true],
    ['admin', 2, true],
    ['member', 2, true],
  ] as const)('%s leaving an account of %i: %s', (role, members, allowed) => {
    expect(memberPolicy.leave(role, members)).toBe(allowed);
  });

  it.each(roles)('only the owner changes roles and transfers ownership (%s)', (role) => {
    expect(memberPolicy.changeRole(role, 'member')).toBe(role === 'owner');
    expect(memberPolicy.changeRole(role, 'owner')).toBe(false);
    expect(memberPolicy.transferOwnership(role)).toBe(role === 'owner');
  });
});
