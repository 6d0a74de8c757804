import { beforeEach, describe, expect, it } from 'vitest';
import { createAccount, listAccounts, renameAccount } from '../../../common/api/accounts';
import { apiAs } from '../../test/api';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
let owner: SignedInClient;
let admin: SignedInClient;
let member: SignedInClient;
let stranger: SignedInClient;
let accountId: string;

// Every test gets its own account, Shared, with an owner, an admin and a member, and a stranger to it.
beforeEach(async () => {
  const account = await lore.account({ name: 'Shared', roles: ['admin', 'member'] });
  [accountId, owner, [admin, member]] = [account.id, account.owner, account.members];
  stranger = await lore.user();
});

describe('creating and listing accounts', () => {
  it('makes the creator the owner and lists accounts newest first', async () => {
    const user = await lore.user();
    const api = apiAs(user);
    const first = (await api(createAccount, { json: { name: '  First  ' } })).data;
    expect(first).toMatchObject({ name: 'First', role: 'owner', policies: { rename: true, delete: true } });
    const second = (await api(createAccount, { json: { name: 'Second' } })).data;

    const list = (await api(listAccounts, {})).data;
    expect(list.map((account) => account.id)).toEqual([second.id, first.id]);
    const membership = await lore.db
      .selectFrom('account_members')
      .selectAll()
      .where('account_id', '=', first.id)
      .execute();
    expect(membership).toEqual([expect.objectContaining({ user_id: user.userId, role: 'owner' })]);
  });

  it('lists only accounts the user belongs to', async () => {
    const list = await stranger.get('/api/accounts');
    expect(list.body.data).toEqual([]);
  });

  it.each([
    [{ name: '   ' }, 'Account name cannot be empty'],
    [{ name: '' }, 'Account name cannot be empty'],
    [{}, 'Account name cannot be empty'],
    [{ name: 'x'.repeat(101) }, 'Account name must be at most 100 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const response = await owner.post('/api/accounts', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await owner.request('POST', '/api/accounts', {
      headers: { 'content-type': 'application/json' },
      json: undefined,
    });
    expect(response.status).toBe(400);
  });
});

describe('reading, renaming and deleting an account', () => {
  it('shows a member the account with their role and policies', async () => {
    const response = await member.get(`/api/accounts/${accountId}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: accountId,
      name: 'Shared',
      role: 'member',
      policies: { rename: false, delete: false },
    });
  });

  it('renames (trimmed) for the owner and admins', async () => {
    const renamed = (await apiAs(admin)(renameAccount, { params: { accountId }, json: { name: '  Renamed  ' } })).data;
    expect(renamed.name).toBe('Renamed');
    expect(new Date(renamed.updated_at).getTime()).toBeGreaterThan(new Date(renamed.created_at).getTime());
  });

  it('refuses an empty name with the spec message', async () => {
    const response = await owner.patch(`/api/accounts/${accountId}`, { name: ' ' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Account name cannot be empty');
  });

  it('does not let a member rename', async () => {
    const refused = apiAs(member)(renameAccount, { params: { accountId }, json: { name: 'Mine' } });
    await expect(refused).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect((await member.get(`/api/accounts/${accountId}`)).body.data.name).toBe('Shared');
  });

  it.each([
    ['admin', () => admin],
    ['member', () => member],
  ])('does not let an %s delete the account', async (_role, client) => {
    const response = await client().delete(`/api/accounts/${accountId}`);
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('Only the account owner can delete the account');
    expect((await owner.get(`/api/accounts/${accountId}`)).status).toBe(200);
  });

  it('lets the owner delete it, members and all', async () => {
    expect((await owner.delete(`/api/accounts/${accountId}`)).status).toBe(204);
    expect((await owner.get(`/api/accounts/${accountId}`)).status).toBe(404);
    expect((await member.get(`/api/accounts/${accountId}`)).status).toBe(404);
    const rows = await lore.db.selectFrom('account_members').selectAll().where('account_id', '=', accountId).execute();
    expect(rows).toEqual([]);
  });

  it('reports member counts to members', async () => {
    const response = await member.get(`/api/accounts/${accountId}/stats`);
    expect(response.body.data).toEqual({ members: 3 });
  });
});

describe('denials', () => {
  const routes = (id: string) =>
    [
      ['GET', `/api/accounts/${id}`],
      ['PATCH', `/api/accounts/${id}`],
      ['DELETE', `/api/accounts/${id}`],
      ['GET', `/api/accounts/${id}/stats`],
    ] as const;

  it('answers 401 to anonymous callers everywhere', async () => {
    const anonymous = lore.anonymous();
    expect((await anonymous.get('/api/accounts')).status).toBe(401);
    expect((await anonymous.post('/api/accounts', { name: 'x' })).status).toBe(401);
    for (const [method, path] of routes(accountId)) {
      expect(
        (await anonymous.request(method, path, { json: method === 'GET' ? undefined : { name: 'x' } })).status,
      ).toBe(401);
    }
  });

  it('answers 404 to a signed-in stranger, and for ids that are not uuids', async () => {
    for (const [method, path] of [...routes(accountId), ...routes('not-a-uuid')]) {
      const response = await stranger.request(method, path, { json: method === 'GET' ? undefined : { name: 'x' } });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('Account not found');
    }
    expect((await owner.get(`/api/accounts/${accountId}`)).body.data.name).toBe('Shared');
  });

  it('refuses a state change sent from another site', async () => {
    const response = await owner.request('PATCH', `/api/accounts/${accountId}`, {
      json: { name: 'Hijacked' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect((await owner.get(`/api/accounts/${accountId}`)).body.data.name).toBe('Shared');
  });
});

describe('creating an account with an Idempotency-Key', () => {
  const namedBy = async (name: string) =>
    lore.db.selectFrom('accounts').select('id').where('name', '=', name).execute();

  it('answers a retried create with the account the first made, and makes no second', async () => {
    const creator = await lore.user();
    const name = `Retried ${crypto.randomUUID()}`;
    const create = (idempotencyKey: string) => apiAs(creator)(createAccount, { json: { name } }, { idempotencyKey });
    const key = crypto.randomUUID();
    // Sent together, as a retry racing a slow first attempt would be.
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(key)));
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    expect(answers.every((answer) => answer.data.role === 'owner')).toBe(true);
    expect(await namedBy(name)).toHaveLength(1);
    expect((await create(key)).data.id).toBe(answers[0]!.data.id);
    expect((await apiAs(creator)(listAccounts, {})).data.filter((account) => account.name === name)).toHaveLength(1);

    await create(crypto.randomUUID());
    expect(await namedBy(name)).toHaveLength(2);
  });

  it("keeps keys apart per creator: another user's key makes their own account", async () => {
    const [first, second] = [await lore.user(), await lore.user()];
    const key = crypto.randomUUID();
    const name = `Shared key ${crypto.randomUUID()}`;
    const mine = await apiAs(first)(createAccount, { json: { name } }, { idempotencyKey: key });
    const theirs = await apiAs(second)(createAccount, { json: { name } }, { idempotencyKey: key });
    expect(theirs.data.id).not.toBe(mine.data.id);
    expect((await second.get(`/api/accounts/${mine.data.id}`)).status).toBe(404);
  });
});
