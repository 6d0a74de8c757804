import { beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http-client';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

/**
 * Spec section 6 against the real endpoints: every action, for every kind of
 * caller. Each case gets a fresh account and fresh people: owner, admin,
 * member, plus a member and an admin to act on, and an outsider. A refused
 * action must leave the memberships as they were.
 */
type Caller = 'owner' | 'admin' | 'member' | 'outsider' | 'anonymous';
const callers: Caller[] = ['owner', 'admin', 'member', 'outsider', 'anonymous'];

const lore = useTestServer();
let people: Record<'owner' | 'admin' | 'member' | 'outsider' | 'targetMember' | 'targetAdmin', SignedInClient>;
let accountId: string;

beforeEach(async () => {
  const account = await lore.account({ name: 'Policy test', roles: ['admin', 'member', 'member', 'admin'] });
  const [admin, member, targetMember, targetAdmin] = account.members;
  people = { owner: account.owner, admin, member, targetMember, targetAdmin, outsider: await lore.user() };
  accountId = account.id;
});

async function openInvite(accountId: string) {
  const response = await people.owner.post('/api/inviteUser', {
    email: `invitee-${crypto.randomUUID()}@example.com`,
    accountId,
    role: 'member',
  });
  return response.body.data.id as string;
}

type Action = (client: TestClient, accountId: string) => Promise<{ status: number }>;
const ids = () => ({
  owner: people.owner.userId,
  targetMember: people.targetMember.userId,
  targetAdmin: people.targetAdmin.userId,
});

const actions: Record<string, { run: Action; allowed: Caller[] }> = {
  'list users': { run: (c, a) => c.get(`/api/getAccountUsers?accountId=${a}`), allowed: ['owner', 'admin', 'member'] },
  'invite a member': {
    run: (c, a) =>
      c.post('/api/inviteUser', { email: `new-${crypto.randomUUID()}@example.com`, accountId: a, role: 'member' }),
    allowed: ['owner', 'admin'],
  },
  'invite an admin': {
    run: (c, a) =>
      c.post('/api/inviteUser', { email: `new-${crypto.randomUUID()}@example.com`, accountId: a, role: 'admin' }),
    allowed: ['owner', 'admin'],
  },
  'cancel an invitation': {
    run: async (c, a) => c.delete(`/api/cancelInvite?inviteId=${await openInvite(a)}&accountId=${a}`),
    allowed: ['owner', 'admin'],
  },
  'remove a member': {
    run: (c, a) => c.delete(`/api/removeUser?userId=${ids().targetMember}&accountId=${a}`),
    allowed: ['owner', 'admin'],
  },
  'remove an admin': {
    run: (c, a) => c.delete(`/api/removeUser?userId=${ids().targetAdmin}&accountId=${a}`),
    allowed: ['owner'],
  },
  // For the owner this is leaving, allowed while others remain (see below); nobody else may.
  'remove the owner': {
    run: (c, a) => c.delete(`/api/removeUser?userId=${ids().owner}&accountId=${a}`),
    allowed: ['owner'],
  },
  'change a role': {
    run: (c, a) => c.put('/api/updateUserRole', { userId: ids().targetMember, accountId: a, role: 'admin' }),
    allowed: ['owner'],
  },
  'transfer ownership': {
    run: (c, a) =>
      c.put('/api/transferOwnership', {
        currentOwnerId: ids().owner,
        newOwnerId: ids().targetMember,
        accountId: a,
        newOwnerRole: 'admin',
      }),
    allowed: ['owner'],
  },
};

const memberships = () =>
  lore.db
    .selectFrom('account_members')
    .select(['user_id', 'role'])
    .where('account_id', '=', accountId)
    .orderBy('user_id')
    .execute();
const clientFor = (caller: Caller) => (caller === 'anonymous' ? lore.anonymous() : people[caller]);
const expectedStatus = (caller: Caller, allowed: Caller[]) =>
  caller === 'anonymous' ? 401 : caller === 'outsider' ? 404 : allowed.includes(caller) ? 'ok' : 403;

describe.each(Object.entries(actions))('%s', (_name, { run, allowed }) => {
  it.each(callers)('as %s', async (caller) => {
    const before = await memberships();
    const response = await run(clientFor(caller), accountId);
    const expected = expectedStatus(caller, allowed);
    if (expected === 'ok') expect(response.status).toBeLessThan(300);
    else {
      expect(response.status).toBe(expected);
      expect(await memberships()).toEqual(before);
    }
  });
});

describe('leaving an account', () => {
  it.each(['admin', 'member'] as const)('an %s may leave', async (role) => {
    const response = await people[role].delete(`/api/removeUser?userId=${people[role].userId}&accountId=${accountId}`);
    expect(response.status).toBe(200);
    expect((await people[role].get(`/api/accounts/${accountId}`)).status).toBe(404);
  });

  it('the owner may leave when others remain; the longest-standing admin becomes owner', async () => {
    const response = await people.owner.delete(`/api/removeUser?userId=${people.owner.userId}&accountId=${accountId}`);
    expect(response.status).toBe(200);
    expect(response.body.data.newOwnerId).toBe(people.admin.userId);
    const users = await people.admin.get(`/api/getAccountUsers?accountId=${accountId}`);
    expect(users.body.data.currentUserRole).toBe('owner');
  });

  it('an owner who is the only member cannot leave', async () => {
    const solo = await lore.account({ name: 'Solo', owner: people.owner });
    const response = await people.owner.delete(`/api/removeUser?userId=${people.owner.userId}&accountId=${solo.id}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('You are the only member of this account. Delete the account instead.');
  });
});
