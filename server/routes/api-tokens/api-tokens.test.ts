import { describe, expect, it } from 'vitest';
import type { ApiTokenDto } from '../../../common/api-tokens';
import { hashToken } from '../../auth/tokens';
import { apiTokenClient } from '../../test/api-tokens';
import { readEventStream } from '../../test/event-stream';
import { TestClient } from '../../test/http-client';
import { createItem } from '../../test/knowledge-factory';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();

const tokensOf = async (client: TestClient) => (await client.get('/api/me/api-tokens')).body.data as ApiTokenDto[];

describe('API tokens (decision 36)', () => {
  it('is shown once, kept only as a hash, and listed without its secret', async () => {
    const { owner, id } = await lore.account({ name: 'Token works' });
    const created = await owner.post('/api/me/api-tokens', {
      accountId: id,
      name: '  Nightly export  ',
      access: 'read',
      expiresInDays: 30,
    });
    expect(created.status).toBe(201);
    const { token, secret } = created.body.data as { token: ApiTokenDto; secret: string };
    expect(secret).toMatch(/^lore_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Nightly export', accountId: id, accountName: 'Token works', access: 'read' });
    expect(secret.startsWith(token.start)).toBe(true);
    expect(new Date(token.expiresAt!).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const stored = await lore.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(secret));
    const listed = await owner.get('/api/me/api-tokens');
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect((listed.body.data as ApiTokenDto[]).map((t) => t.id)).toEqual([token.id]);
  });

  it('calls the API as its owner, in its workspace, as a script would (no cookie, no Origin)', async () => {
    const { owner, id } = await lore.account({ name: 'Scripted' });
    const item = await createItem(owner, id, { title: 'Rollback runbook', content: '<p>Run the lantern script.</p>' });
    const { client: writer } = await apiTokenClient(owner, id, 'write');

    expect((await writer.get('/api/me')).body.data.email).toBe(owner.email);
    const list = await writer.get(`/api/accounts/${id}/knowledge`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(item.id);

    const made = await writer.post(`/api/accounts/${id}/knowledge`, {
      title: 'Made by a script',
      content: '<p>Hi</p>',
      tags: [],
    });
    expect(made.status).toBe(201);
    const row = await lore.db
      .selectFrom('knowledge')
      .select('user_id')
      .where('id', '=', made.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(owner.userId);

    const tokens = await tokensOf(owner);
    expect(tokens[0]!.lastUsedAt).not.toBeNull();
  });

  it('reads only, when read-only: the AI search answers, a change is refused', async () => {
    const { owner, id } = await lore.account();
    await createItem(owner, id, { title: 'Harbour lantern', content: '<p>The lantern keeper logs every ship.</p>' });
    const { client: reader } = await apiTokenClient(owner, id, 'read');

    expect((await reader.get(`/api/accounts/${id}/knowledge`)).status).toBe(200);
    const refused = await reader.post(`/api/accounts/${id}/knowledge`, {
      title: 'Nope',
      content: '<p>x</p>',
      tags: [],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('read_only_token');

    const answer = await readEventStream(reader, '/api/aiKnowledgeSearch', {
      accountId: id,
      query: 'Who logs every ship?',
    });
    expect(answer.status).toBe(200);
    expect(answer.events.some((event) => event.event === 'done')).toBe(true);
  });

  it("has its owner's rights there and no more: another workspace is not found, account deletion and tokens are refused", async () => {
    const first = await lore.account({ roles: ['member'] });
    const [member] = first.members;
    const second = await lore.account();
    const { client: membersToken } = await apiTokenClient(member, first.id, 'write');

    // The member's own rights: a member may not rename the workspace.
    const rename = await membersToken.patch(`/api/accounts/${first.id}`, { name: 'Renamed' });
    expect(rename.status).toBe(403);
    expect(rename.body.code).toBe('forbidden');

    // The owner's token names another workspace the owner also runs.
    await lore.db
      .insertInto('account_members')
      .values({ account_id: second.id, user_id: member.userId, role: 'admin' })
      .execute();
    const elsewhere = await membersToken.get(`/api/accounts/${second.id}/knowledge`);
    expect(elsewhere.status).toBe(404);
    const searchElsewhere = await membersToken.post('/api/aiKnowledgeSearch', {
      accountId: second.id,
      query: 'anything',
    });
    expect(searchElsewhere.status).toBe(404);

    const { client: ownersToken } = await apiTokenClient(first.owner, first.id, 'write');
    for (const [method, path, json] of [
      ['DELETE', `/api/accounts/${first.id}`, undefined],
      ['POST', '/api/me/api-tokens', { accountId: first.id, name: 'More', access: 'write', expiresInDays: 7 }],
      ['GET', '/api/me/api-tokens', undefined],
      ['GET', '/api/sessions', undefined],
      ['GET', '/api/me/two-factor', undefined],
      ['GET', '/api/events', undefined],
      ['GET', `/api/accounts/${first.id}/knowledge/${crypto.randomUUID()}/collaboration`, undefined],
    ] as const) {
      const answer = await ownersToken.request(method, path, json === undefined ? {} : { json });
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, 'api_token_not_allowed']);
    }
    expect((await lore.db.selectFrom('accounts').select('id').where('id', '=', first.id).executeTakeFirst())?.id).toBe(
      first.id,
    );
  });

  it('stops working when revoked, expired, or its owner leaves the workspace', async () => {
    const { owner, id, members } = await lore.account({ roles: ['member'] });
    const [member] = members;
    const path = `/api/accounts/${id}/knowledge`;

    const revoked = await apiTokenClient(owner, id, 'read');
    expect((await owner.delete(`/api/me/api-tokens/${revoked.tokenId}`)).status).toBe(200);
    const afterRevoke = await revoked.client.get(path);
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.code).toBe('invalid_api_token');

    const expired = await apiTokenClient(owner, id, 'read');
    await lore.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.tokenId)
      .execute();
    expect((await expired.client.get(path)).status).toBe(401);

    const membersToken = await apiTokenClient(member, id, 'read');
    expect((await membersToken.client.get(path)).status).toBe(200);
    expect((await owner.delete(`/api/removeUser?userId=${member.userId}&accountId=${id}`)).status).toBe(200);
    expect((await membersToken.client.get(path)).status).toBe(401);
    expect(await tokensOf(member)).toEqual([]);
  });

  it("refuses another person's token id, bad input, and a token that was never made", async () => {
    const { owner, id } = await lore.account();
    const other = await lore.account();
    const { tokenId } = await apiTokenClient(other.owner, other.id, 'read');
    expect((await owner.delete(`/api/me/api-tokens/${tokenId}`)).status).toBe(404);
    expect((await other.owner.get('/api/me/api-tokens')).body.data).toHaveLength(1);

    const create = (json: unknown) => owner.post('/api/me/api-tokens', json);
    const valid = { accountId: id, name: 'CI', access: 'read', expiresInDays: null };
    expect((await create({ ...valid, name: ' ' })).body.error).toBe('Give the token a name');
    expect((await create({ ...valid, name: 'x'.repeat(101) })).body.error).toBe(
      'A token name is at most 100 characters',
    );
    expect((await create({ ...valid, expiresInDays: 5 })).body.error).toBe(
      'A token lasts 7, 30, 90 or 365 days, or until it is revoked',
    );
    expect((await create({ ...valid, access: 'admin' })).status).toBe(400);
    expect((await create({ ...valid, accountId: other.id })).status).toBe(404);
    expect((await create(valid)).status).toBe(201);

    const forged = new TestClient(lore.baseUrl, `lore_${'A'.repeat(43)}`);
    const answer = await forged.get('/api/me');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('invalid_api_token');
    // Any other bearer is not Lore's: the session cookie still decides.
    expect((await owner.get('/api/me', { authorization: 'Bearer something-else' })).status).toBe(200);
  });

  it('keeps at most 50 tokens a person', async () => {
    const { owner, id } = await lore.account();
    await lore.db
      .insertInto('api_tokens')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          user_id: owner.userId,
          account_id: id,
          name: `Token ${i}`,
          access: 'read' as const,
          token_hash: crypto.randomUUID(),
          token_start: 'lore_x',
        })),
      )
      .execute();
    const refused = await owner.post('/api/me/api-tokens', {
      accountId: id,
      name: 'One more',
      access: 'read',
      expiresInDays: 7,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('You have 50 API tokens: revoke one to create another');
  });
});
