import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
let owner: SignedInClient;
let accountId: string;

// Every test gets its own Research account, owned by a new Olive Owner.
beforeEach(async () => {
  owner = await lore.user({ name: 'Olive Owner' });
  accountId = (await lore.account({ name: 'Research', owner })).id;
});
afterEach(() => vi.useRealTimers());

/** Invites `email` and returns the token from the e-mail the invitee receives. */
async function invite(email: string, role: 'admin' | 'member' = 'member') {
  const since = lore.mailbox.received.length;
  const response = await owner.post('/api/inviteUser', { email, accountId, role });
  expect(response.status).toBe(201);
  const mail = await lore.mailbox.waitFor(email, { since });
  expect(mail.subject).toBe('You are invited to join Research on Lore');
  expect(mail.text).toContain('Olive Owner invited you');
  const link = new URL(mail.text.match(/https?:\/\/\S+\/invitations\?token=\S+/)![0]);
  return { id: response.body.data.id as string, token: link.searchParams.get('token')! };
}

const unique = (label: string) => `${label}-${crypto.randomUUID()}@example.com`;

describe('invitation lifecycle', () => {
  it('is mailed, listed for the invitee, accepted once, and makes them a member with the invited role', async () => {
    const email = unique('joiner');
    const { id, token } = await invite(email, 'admin');
    const joiner = await lore.signIn(email);

    const listed = await joiner.get(`/api/invitations?token=${token}`);
    expect(listed.body.data.tokenInviteId).toBe(id);
    expect(listed.body.data.tokenError).toBeNull();
    expect(listed.body.data.invitations).toEqual([
      expect.objectContaining({ id, account_name: 'Research', role: 'admin', invited_by_name: 'Olive Owner' }),
    ]);

    const accepted = await joiner.post('/api/acceptInvitation', { token, userId: joiner.userId });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ success: true, data: { account_id: accountId } });
    const users = await joiner.get(`/api/getAccountUsers?accountId=${accountId}`);
    expect(users.body.data.currentUserRole).toBe('admin');

    const twice = await joiner.post('/api/acceptInvitation', { token, userId: joiner.userId });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('This invitation has already been used');
    expect((await joiner.get('/api/invitations')).body.data.invitations).toEqual([]);
  });

  it('refuses anyone but the invited address', async () => {
    const { token, id } = await invite(unique('intended'));
    const other = await lore.user();
    const byToken = await other.post('/api/acceptInvitation', { token, userId: other.userId });
    expect(byToken.status).toBe(403);
    expect(byToken.body.error).toBe('This invitation was sent to a different email address');
    const byId = await other.post('/api/acceptInvitation', { inviteId: id, userId: other.userId });
    expect(byId.status).toBe(403);
    expect((await other.get(`/api/invitations?token=${token}`)).body.data.tokenError).toBe(
      'This invitation was sent to a different email address',
    );
    expect((await other.get(`/api/getAccountUsers?accountId=${accountId}`)).status).toBe(404);
  });

  it('refuses to accept on behalf of someone else', async () => {
    const email = unique('proxy');
    const { token } = await invite(email);
    const invitee = await lore.user({ email });
    const response = await invitee.post('/api/acceptInvitation', { token, userId: owner.userId });
    expect(response.status).toBe(403);
  });

  it('expires after 7 days', async () => {
    const email = unique('late');
    const { token } = await invite(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 24 * 3600 * 1000 + 1000);
    const invitee = await lore.user({ email });
    const response = await invitee.post('/api/acceptInvitation', { token, userId: invitee.userId });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('This invitation has expired');
    expect((await invitee.get('/api/invitations')).body.data.invitations).toEqual([]);
  });

  it('cannot be accepted once cancelled by an admin', async () => {
    const email = unique('cancelled');
    const { id, token } = await invite(email);
    expect((await owner.delete(`/api/cancelInvite?inviteId=${id}&accountId=${accountId}`)).status).toBe(200);
    const invitee = await lore.user({ email });
    const response = await invitee.post('/api/acceptInvitation', { token, userId: invitee.userId });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('This invitation has been cancelled');
  });

  it('can be declined: cancelled and expired now', async () => {
    const email = unique('decliner');
    const { id } = await invite(email);
    const invitee = await lore.user({ email });
    expect((await invitee.post('/api/declineInvitation', { inviteId: id })).status).toBe(200);
    const row = await lore.db.selectFrom('pending_invites').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.cancelled_invite).toBe(true);
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(Date.now());
    const accept = await invitee.post('/api/acceptInvitation', { inviteId: id, userId: invitee.userId });
    expect(accept.status).toBe(400);
  });

  it('ends one way only when accepted and declined at once, and the database refuses both outcomes', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const email = unique('racer');
      const { id } = await invite(email);
      const invitee = await lore.user({ email });
      const answers = await Promise.all([
        invitee.post('/api/acceptInvitation', { inviteId: id, userId: invitee.userId }),
        invitee.post('/api/declineInvitation', { inviteId: id }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const row = await lore.db
        .selectFrom('pending_invites')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.cancelled_invite && row.accepted_at !== null).toBe(false);
    }
    const { id } = await invite(unique('both'));
    await expect(
      lore.db
        .updateTable('pending_invites')
        .set({ cancelled_invite: true, accepted_at: new Date() })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/pending_invites_one_outcome/);
  });

  it('a cancelled invitation frees the address for a new one; an unknown token is not found', async () => {
    const email = unique('again');
    const { id } = await invite(email);
    await owner.delete(`/api/cancelInvite?inviteId=${id}&accountId=${accountId}`);
    await invite(email);
    const invitee = await lore.user({ email });
    const unknown = await invitee.post('/api/acceptInvitation', { token: 'not-a-real-token', userId: invitee.userId });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Invitation not found');
  });

  it('stores only a hash of the token', async () => {
    const { id, token } = await invite(unique('hash'));
    const row = await lore.db.selectFrom('pending_invites').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('answers 401 to anonymous callers and 400 to bad input', async () => {
    const anonymous = lore.anonymous();
    expect((await anonymous.get('/api/invitations')).status).toBe(401);
    expect((await anonymous.post('/api/acceptInvitation', { token: 'x', userId: owner.userId })).status).toBe(401);
    expect((await anonymous.post('/api/declineInvitation', { token: 'x' })).status).toBe(401);
    const missing = await owner.post('/api/acceptInvitation', { userId: owner.userId });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('An invitation token is required');
  });

  it("cannot cancel another account's invitation", async () => {
    const { id } = await invite(unique('foreign'));
    const other = await lore.account({ name: 'Other' });
    const response = await other.owner.delete(`/api/cancelInvite?inviteId=${id}&accountId=${other.id}`);
    expect(response.status).toBe(404);
    const row = await lore.db
      .selectFrom('pending_invites')
      .select('cancelled_invite')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.cancelled_invite).toBe(false);
  });
});
