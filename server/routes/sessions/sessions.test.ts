import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInSession } from '../../../common/login-sessions';
import { linkIn, tokenOf } from '../../test/mailbox';
import { startTestServer, type SignedInClient, type TestServer } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A browser's login session: its id recorded for the client's sign-in. */
async function loginSession(client: SignedInClient): Promise<string> {
  const sessionId = crypto.randomUUID();
  const created = await client.post('/api/loginSession', { sessionId });
  expect(created.status).toBe(200);
  return sessionId;
}

const sessionsOf = async (client: SignedInClient) => (await client.get('/api/sessions')).body.data as SignInSession[];

describe('login sessions (/api/loginSession, /api/sessionPulse)', () => {
  it('records, validates, pings and deactivates a browser session', async () => {
    const user = await lore.user();
    const sessionId = await loginSession(user);
    expect((await user.get(`/api/loginSession?sessionId=${sessionId}`)).body).toEqual({ valid: true, reason: null });
    expect((await user.post('/api/sessionActivity', { sessionId })).body).toEqual({ updated: true, connected: true });
    expect((await user.post('/api/sessionPulse', { sessionId })).body).toEqual({ shouldLogout: false, reason: null });
    // Posting the same id again from the same sign-in is fine (a retried create).
    expect((await user.post('/api/loginSession', { sessionId })).status).toBe(200);

    expect((await user.patch('/api/loginSession', { sessionId })).status).toBe(200);
    expect((await user.get(`/api/loginSession?sessionId=${sessionId}`)).body).toEqual({
      valid: false,
      reason: 'signed_out',
    });
    expect((await user.post('/api/sessionPulse', { sessionId })).body).toEqual({
      shouldLogout: true,
      reason: 'signed_out',
    });
    expect((await user.post('/api/sessionActivity', { sessionId })).body.updated).toBe(false);
    // An ended id cannot be brought back: the browser must make a new one.
    expect((await user.post('/api/loginSession', { sessionId })).status).toBe(409);
  });

  it('says an unknown id is not valid, and a signed-out browser must log out', async () => {
    const user = await lore.user();
    const unknown = crypto.randomUUID();
    expect((await user.get(`/api/loginSession?sessionId=${unknown}`)).body).toEqual({
      valid: false,
      reason: 'not_found',
    });
    expect((await user.post('/api/sessionPulse', { sessionId: unknown })).body).toEqual({
      shouldLogout: false,
      reason: 'not_found',
    });
    expect((await lore.anonymous().post('/api/sessionPulse', { sessionId: unknown })).body).toEqual({
      shouldLogout: true,
      reason: 'no_session',
    });
  });

  it("refuses an id that is not a UUID with the spec's reason", async () => {
    const user = await lore.user();
    for (const response of [
      await user.get('/api/loginSession?sessionId=not-a-uuid'),
      await user.post('/api/loginSession', { sessionId: 'not-a-uuid' }),
      await user.patch('/api/loginSession', { sessionId: 42 }),
      await user.post('/api/sessionPulse', {}),
      await user.post('/api/sessionActivity', { sessionId: '' }),
      await user.delete('/api/sessions/not-a-uuid'),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'A session id must be a valid UUID', code: 'invalid_uuid' });
    }
  });

  it("keeps each user's login session ids their own", async () => {
    const [owner, other] = await Promise.all([lore.user(), lore.user()]);
    const sessionId = await loginSession(owner);
    expect((await other.get(`/api/loginSession?sessionId=${sessionId}`)).body).toEqual({
      valid: false,
      reason: 'not_found',
    });
    expect((await other.post('/api/loginSession', { sessionId })).status).toBe(409);
    expect((await other.patch('/api/loginSession', { sessionId })).status).toBe(404);
    expect((await other.post('/api/sessionActivity', { sessionId })).body.updated).toBe(false);
    expect((await owner.get(`/api/loginSession?sessionId=${sessionId}`)).body.valid).toBe(true);
  });

  it('answers 401 to a signed-out caller', async () => {
    const anonymous = lore.anonymous();
    const sessionId = crypto.randomUUID();
    expect((await anonymous.get(`/api/loginSession?sessionId=${sessionId}`)).status).toBe(401);
    expect((await anonymous.post('/api/loginSession', { sessionId })).status).toBe(401);
    expect((await anonymous.patch('/api/loginSession', { sessionId })).status).toBe(401);
    expect((await anonymous.get('/api/sessions')).status).toBe(401);
    expect((await anonymous.post('/api/sessions/sign-out-others')).status).toBe(401);
  });
});

describe('the sessions page (/api/sessions)', () => {
  it('lists the sign-ins with device, browser, address and method, the current one marked', async () => {
    const laptop = await lore.signIn();
    const phone = await lore.anotherSession(laptop, { userAgent: PHONE });
    const listed = await sessionsOf(laptop);
    expect(listed).toHaveLength(2);
    const [current, other] = listed;
    expect(current).toMatchObject({ current: true, signInMethod: 'magic-link', ipAddress: '127.0.0.1' });
    expect(other).toMatchObject({ current: false, browser: 'Safari 17', device: 'iPhone' });
    expect((await sessionsOf(phone)).find((session) => session.current)?.id).toBe(other!.id);
  });

  it('signs out one session on the server at once', async () => {
    const laptop = await lore.user();
    const phone = await lore.anotherSession(laptop);
    const phoneLogin = await loginSession(phone);
    const phoneId = (await sessionsOf(phone)).find((session) => session.current)!.id;

    expect((await laptop.delete(`/api/sessions/${phoneId}`)).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await phone.post('/api/sessionPulse', { sessionId: phoneLogin })).body).toEqual({
      shouldLogout: true,
      reason: 'force_logout',
    });
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect(await sessionsOf(laptop)).toHaveLength(1);
  });

  it("'Sign Out Everywhere Else' ends every other session and keeps this one", async () => {
    const laptop = await lore.user();
    const laptopLogin = await loginSession(laptop);
    const phone = await lore.anotherSession(laptop);
    const tablet = await lore.anotherSession(laptop);
    const phoneLogin = await loginSession(phone);
    const stranger = await lore.user();

    const answer = await laptop.post('/api/sessions/sign-out-others');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ended: 2 });

    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await tablet.get('/api/sessions')).status).toBe(401);
    expect((await phone.post('/api/sessionPulse', { sessionId: phoneLogin })).body).toEqual({
      shouldLogout: true,
      reason: 'force_logout',
    });
    expect((await laptop.post('/api/sessionPulse', { sessionId: laptopLogin })).body.shouldLogout).toBe(false);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect(await sessionsOf(laptop)).toEqual([expect.objectContaining({ current: true })]);
    // Nobody else's sessions are touched.
    expect((await stranger.get('/api/me')).status).toBe(200);
  });

  it("answers 404 for another user's session and changes nothing", async () => {
    const [owner, intruder] = await Promise.all([lore.user(), lore.user()]);
    const ownerSession = (await sessionsOf(owner))[0]!.id;
    const refused = await intruder.delete(`/api/sessions/${ownerSession}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: 'Session not found', code: 'not_found' });
    expect((await owner.get('/api/me')).status).toBe(200);
    expect((await intruder.delete(`/api/sessions/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await intruder.get('/api/sessions')).body.data.map((s: SignInSession) => s.id)).not.toContain(ownerSession);
  });

  it('renews the session cookie through /api/setPersistentTokenCookie without ending it', async () => {
    const user = await lore.user();
    const [before] = await lore.db
      .selectFrom('sessions')
      .select(['id', 'expires_at'])
      .where('user_id', '=', user.userId)
      .execute();
    await lore.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where('id', '=', before!.id)
      .execute();
    const answer = await user.post('/api/setPersistentTokenCookie', { token: 'ignored' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/lore\.session_token=/);
    expect(cookie).toMatch(/Max-Age=\d{5,}/i);
    const after = await lore.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', before!.id)
      .executeTakeFirstOrThrow();
    expect(after.expires_at.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
    expect((await user.get('/api/me')).status).toBe(200);
    expect((await lore.anonymous().post('/api/setPersistentTokenCookie', {})).status).toBe(401);
  });
});

describe('the address a session shows', () => {
  let behindProxy: TestServer;
  beforeAll(async () => {
    behindProxy = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => behindProxy.close());

  /** Signs in through the e-mail link with every request coming from `address` (as the proxy says). */
  async function signInFrom(address: string) {
    const client = behindProxy.anonymous();
    const from = { 'x-forwarded-for': address };
    const email = `user-${crypto.randomUUID()}@example.com`;
    const since = behindProxy.mailbox.received.length;
    await client.request('POST', '/api/auth/sign-in/magic-link', {
      json: { email, callbackURL: '/auth/callback' },
      headers: from,
    });
    const link = linkIn(await behindProxy.mailbox.waitFor(email, { since }), '/auth/callback');
    const redeemed = await client.request('POST', '/api/redeemLoginLink', {
      json: { token: tokenOf(link) },
      headers: from,
    });
    expect(redeemed.status).toBe(200);
    const listed = await client.get('/api/sessions');
    return (listed.body.data as SignInSession[]).find((session) => session.current)?.ipAddress;
  }

  it('is written as people know it: IPv4 as it is, mapped IPv4 as IPv4, ::1 as localhost, IPv6 short', async () => {
    expect(await signInFrom('192.0.2.10')).toBe('192.0.2.10');
    expect(await signInFrom('::ffff:192.0.2.11')).toBe('192.0.2.11');
    expect(await signInFrom('::1')).toBe('localhost');
    expect(await signInFrom('2001:db8::7')).toBe('2001:db8::7');
  });

  it('is null ("Unknown" on the page) when nothing is known, or only the all-zero address', async () => {
    const user = await behindProxy.user();
    expect((await user.get('/api/sessions')).body.data[0].ipAddress).toBeNull();
    await behindProxy.db
      .updateTable('sessions')
      .set({ ip_address: '0000:0000:0000:0000:0000:0000:0000:0000' })
      .where('user_id', '=', user.userId)
      .execute();
    expect((await user.get('/api/sessions')).body.data[0].ipAddress).toBeNull();
  });
});

describe("better-auth's own session routes", () => {
  it("are closed: revoking another user's session with its token is refused and ends nothing", async () => {
    const [attacker, victim] = [await lore.user(), await lore.user()];
    const { token } = await lore.db
      .selectFrom('sessions')
      .select('token')
      .where('user_id', '=', victim.userId)
      .executeTakeFirstOrThrow();
    const revoked = await attacker.post('/api/auth/revoke-session', { token });
    expect(revoked.status).toBe(404);
    expect((await victim.get('/api/me')).status).toBe(200);
    // Lore's own routes do this, for the user's own sessions only.
    for (const [path, body] of [
      ['/api/auth/revoke-sessions', {}],
      ['/api/auth/revoke-other-sessions', {}],
      ['/api/auth/update-user', { name: 'Changed' }],
    ] as const)
      expect((await attacker.post(path, body)).status).toBe(404);
    expect((await attacker.get('/api/auth/list-sessions')).status).toBe(404);
    expect((await attacker.get('/api/me')).status).toBe(200);
    // What the web uses stays open.
    expect((await attacker.get('/api/auth/get-session')).body.user.id).toBe(attacker.userId);
    expect((await attacker.post('/api/auth/sign-out')).status).toBe(200);
  });
});
