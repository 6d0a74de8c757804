import { describe, expect, it } from 'vitest';
import { useTestServer } from './use-test-server';

// The same on both databases (a test helper): npm test runs it on PGlite only.

const lore = useTestServer();

describe('the user factory', () => {
  it('signs a new user in with a real session and the profile sign-up makes', async () => {
    const email = `factory-${crypto.randomUUID()}@example.com`;
    const user = await lore.user({ email, name: 'Grace Hopper' });
    const me = await user.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: user.userId,
      email,
      profile: { full_name: 'Grace Hopper', mfa_enabled: false },
    });
    const sessions = await lore.db
      .selectFrom('sessions')
      .select('user_id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(lore.mailbox.received.filter((mail) => mail.to.includes(email))).toEqual([]);
  });

  it('holds the same kind of cookie the e-mail link sets, and signing out ends it', async () => {
    const [made, mailed] = await Promise.all([lore.user(), lore.signIn()]);
    expect([...made.cookies.keys()]).toEqual([...mailed.cookies.keys()]);
    const shape = /^[A-Za-z0-9]{32}\.[A-Za-z0-9%]+$/;
    expect(made.cookies.get('lore.session_token')).toMatch(shape);
    expect(mailed.cookies.get('lore.session_token')).toMatch(shape);
    expect((await made.post('/api/auth/sign-out')).status).toBe(200);
    expect((await made.get('/api/me')).status).toBe(401);
    expect((await mailed.get('/api/me')).status).toBe(200);
  });

  it('refuses a cookie signed with another secret', async () => {
    const user = await lore.user();
    const [token] = user.cookies.get('lore.session_token')!.split('.');
    const forged = lore.anonymous();
    forged.cookies.set('lore.session_token', `${token}.${encodeURIComponent(btoa('x'.repeat(32)))}`);
    expect((await forged.get('/api/me')).status).toBe(401);
  });

  it('makes an account with a member in each role asked for', async () => {
    const team = await lore.account({ name: 'Crew', roles: ['admin', 'member'] });
    const users = await team.owner.get(`/api/getAccountUsers?accountId=${team.id}`);
    const roles = Object.fromEntries(
      users.body.data.members.map((m: { user_id: string; role: string }) => [m.user_id, m.role]),
    );
    expect(roles).toEqual({
      [team.owner.userId]: 'owner',
      [team.members[0]!.userId]: 'admin',
      [team.members[1]!.userId]: 'member',
    });
    expect((await team.members[1]!.get(`/api/accounts/${team.id}`)).body.data).toMatchObject({
      name: 'Crew',
      role: 'member',
    });
  });
});
