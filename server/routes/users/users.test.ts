import { beforeEach, describe, expect, it } from 'vitest';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
let owner: SignedInClient;
let admin: SignedInClient;
let member: SignedInClient;
let accountId: string;

// Every test gets its own account, Team: Olive Owner, an admin and a member.
beforeEach(async () => {
  const team = await lore.account({
    name: 'Team',
    owner: await lore.user({ name: 'Olive Owner' }),
    roles: ['admin', 'member'],
  });
  [accountId, owner, [admin, member]] = [team.id, team.owner, team.members];
});

describe('GET /api/getAccountUsers', () => {
  it('lists members with profiles, the caller role and what they may do', async () => {
    const response = await admin.get(`/api/getAccountUsers?accountId=${accountId}`);
    expect(response.status).toBe(200);
    const { members, currentUserRole, policies } = response.body.data;
    expect(currentUserRole).toBe('admin');
    expect(policies).toEqual({
      invite: true,
      inviteAsAdmin: true,
      cancelInvite: true,
      viewInvites: true,
      changeRoles: false,
      transferOwnership: false,
    });
    const ownerRow = members.find((m: { role: string }) => m.role === 'owner');
    expect(ownerRow.profiles).toEqual({
      full_name: 'Olive Owner',
      email: owner.email,
      avatar_url: null,
      avatar_data: null,
      mfa_enabled: false,
    });
    expect(ownerRow.policies).toEqual({ remove: false, leave: false, changeRole: false, makeOwner: false });
    const memberRow = members.find((m: { user_id: string }) => m.user_id === member.userId);
    expect(memberRow.policies.remove).toBe(true);
  });

  it('shows pending invitations to owners and admins only, never their tokens', async () => {
    const email = `seen-${crypto.randomUUID()}@example.com`;
    expect((await owner.post('/api/inviteUser', { email, accountId, role: 'member' })).status).toBe(201);
    const forAdmin = await admin.get(`/api/getAccountUsers?accountId=${accountId}`);
    expect(forAdmin.body.data.pendingInvites).toEqual([
      expect.objectContaining({ email, account_name: 'Team', role: 'member', cancelled_invite: false }),
    ]);
    expect(JSON.stringify(forAdmin.body)).not.toMatch(/token/i);
    const forMember = await member.get(`/api/getAccountUsers?accountId=${accountId}`);
    expect(forMember.body.data.pendingInvites).toEqual([]);
  });

  it('refuses a missing or malformed accountId', async () => {
    const response = await owner.get('/api/getAccountUsers');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('accountId is required');
  });
});

describe('POST /api/inviteUser', () => {
  it.each([
    [{ email: 'not-an-email', role: 'member' }, 'Please enter a valid email address'],
    [{ email: '', role: 'member' }, 'Please enter a valid email address'],
    [{ email: 'ok@example.com', role: 'owner' }, 'Role must be admin or member'],
  ])('refuses %j', async (body, message) => {
    const response = await owner.post('/api/inviteUser', { ...body, accountId });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("says 'already exists' for a member's address, in any case", async () => {
    const response = await owner.post('/api/inviteUser', {
      email: member.email.toUpperCase(),
      accountId,
      role: 'member',
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toContain('already exists');
  });

  it("says 'already invited' for a live invitation, also when two arrive at once", async () => {
    const email = `twice-${crypto.randomUUID()}@example.com`;
    const [a, b] = await Promise.all([
      owner.post('/api/inviteUser', { email, accountId, role: 'member' }),
      admin.post('/api/inviteUser', { email, accountId, role: 'member' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const again = await owner.post('/api/inviteUser', { email, accountId, role: 'admin' });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain('already invited');
  });

  it('tells a member they may not invite administrators', async () => {
    const response = await member.post('/api/inviteUser', { email: 'x@example.com', accountId, role: 'admin' });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('You do not have permission to invite administrators');
    const asMember = await member.post('/api/inviteUser', { email: 'x@example.com', accountId, role: 'member' });
    expect([asMember.status, asMember.body.error]).toEqual([403, 'Permission denied']);
  });
});

describe('roles and ownership', () => {
  it('refuses a role other than admin or member, and the owner row', async () => {
    const bad = await owner.put('/api/updateUserRole', { userId: member.userId, accountId, role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Role must be admin or member');
    const ownRow = await owner.put('/api/updateUserRole', { userId: owner.userId, accountId, role: 'member' });
    expect(ownRow.status).toBe(400);
  });

  it('checks the new owner is chosen, different and a member', async () => {
    const base = { currentOwnerId: owner.userId, accountId, newOwnerRole: 'admin' };
    const missing = await owner.put('/api/transferOwnership', { ...base, newOwnerId: '' });
    expect(missing.body.error).toBe('Please choose the new owner');
    const same = await owner.put('/api/transferOwnership', { ...base, newOwnerId: owner.userId });
    expect(same.status).toBe(400);
    expect(same.body.error).toBe('The new owner cannot be the current owner');
    const stranger = await lore.user();
    const outside = await owner.put('/api/transferOwnership', { ...base, newOwnerId: stranger.userId });
    expect(outside.status).toBe(404);
  });

  it('keeps exactly one owner when transfers race', async () => {
    const raced = await lore.account({ name: 'Race', roles: ['member', 'member', 'admin'] });
    const {
      owner: boss,
      members: [a, b, c],
    } = raced;
    const transfer = (to: string) =>
      boss.put('/api/transferOwnership', {
        currentOwnerId: boss.userId,
        newOwnerId: to,
        accountId: raced.id,
        newOwnerRole: 'member',
      });
    const results = await Promise.all([
      transfer(a.userId),
      transfer(b.userId),
      boss.delete(`/api/removeUser?userId=${boss.userId}&accountId=${raced.id}`),
      boss.put('/api/updateUserRole', { userId: c.userId, accountId: raced.id, role: 'member' }),
    ]);
    expect(results.filter((r) => r.status < 300).length).toBeGreaterThanOrEqual(1);
    const owners = await lore.db
      .selectFrom('account_members')
      .select('user_id')
      .where('account_id', '=', raced.id)
      .where('role', '=', 'owner')
      .execute();
    expect(owners).toHaveLength(1);
  });
});
