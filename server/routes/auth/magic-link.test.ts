import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../test/http-client';
import { linkIn, tokenOf } from '../../test/mailbox';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
afterEach(() => vi.useRealTimers());

async function requestLink(client: TestClient, email: string, headers?: Record<string, string>) {
  return client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/auth/callback' }, headers);
}

/** A new address for each test, so no earlier request (or its rate limit) can touch it. */
const address = (label: string) => `${label}-${crypto.randomUUID()}@example.com`;

async function receiveLink(email: string, since: number) {
  return linkIn(await lore.mailbox.waitFor(email, { since }), '/auth/callback');
}

/** What Lore's page /auth/callback does with a link: POSTs its token. */
function redeem(client: TestClient, link: string, extra: { name?: unknown; switchAccount?: boolean } = {}) {
  return client.post('/api/redeemLoginLink', { token: tokenOf(link), ...extra });
}

describe('login link by e-mail', () => {
  it('is mailed over SMTP, signs in once, and cannot be used again', async () => {
    const email = address('once');
    const client = lore.anonymous();
    const since = lore.mailbox.received.length;
    expect((await requestLink(client, email)).status).toBe(200);
    const mail = await lore.mailbox.waitFor(email, { since });
    expect(mail.subject).toBe('Your Lore sign-in link');
    const link = linkIn(mail, '/auth/callback?token=');

    const first = await redeem(client, link);
    expect([first.status, first.body.data?.email]).toEqual([200, email]);
    expect((await client.get('/api/me')).body.data.email).toBe(email);

    const stranger = lore.anonymous();
    const second = await redeem(stranger, link);
    // Used: it says so, and to which address it went, so a new one can be sent there.
    expect([second.status, second.body.code, second.body.email]).toEqual([400, 'link_used', email]);
    expect((await stranger.get('/api/me')).status).toBe(401);
  });

  it('says nothing about a token Lore never issued', async () => {
    const guessed = await lore.anonymous().post('/api/redeemLoginLink', { token: 'aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeF' });
    expect(guessed.status).toBe(400);
    expect(guessed.body).toEqual({
      error: 'This sign-in link is not valid. Please ask for a new one.',
      code: 'invalid_link',
    });
  });

  it('remembers issued links by their hash only, and forgets them a month after they expired', async () => {
    const email = address('remembered');
    const since = lore.mailbox.received.length;
    await requestLink(lore.anonymous(), email);
    const token = tokenOf(await receiveLink(email, since));
    const rows = await lore.db.selectFrom('login_links').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    // A month and a day on, the next link mailed (to anyone) forgets it: then it is just not valid.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 24 * 60 * 60 * 1000);
    const other = address('later');
    await requestLink(lore.anonymous(), other);
    await lore.mailbox.waitFor(other, { since });
    expect(await lore.db.selectFrom('login_links').selectAll().where('email', '=', email).execute()).toEqual([]);
    expect((await redeem(lore.anonymous(), `http://x/auth/callback?token=${token}`)).body.code).toBe('invalid_link');
  });

  it('stores the token hashed, not as sent', async () => {
    const email = address('hashed');
    const since = lore.mailbox.received.length;
    await requestLink(lore.anonymous(), email);
    const token = new URL(await receiveLink(email, since)).searchParams.get('token')!;
    const rows = await lore.db.selectFrom('verifications').select(['identifier', 'value']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(`${row.identifier}${row.value}`).not.toContain(token);
  });

  it('expires after 10 minutes', async () => {
    const email = address('late');
    const since = lore.mailbox.received.length;
    await requestLink(lore.anonymous(), email);
    const link = await receiveLink(email, since);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    const client = lore.anonymous();
    const late = await redeem(client, link);
    expect([late.status, late.body.code, late.body.email]).toEqual([400, 'link_expired', email]);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('still works just before it expires', async () => {
    const email = address('nine');
    const since = lore.mailbox.received.length;
    await requestLink(lore.anonymous(), email);
    const link = await receiveLink(email, since);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 9 * 60 * 1000);
    const client = lore.anonymous();
    await redeem(client, link);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('allows one link per address per 60 seconds and says how long to wait', async () => {
    const email = address('rate');
    const client = lore.anonymous();
    expect((await requestLink(client, email.toUpperCase())).status).toBe(200);
    const again = await requestLink(client, email);
    expect(again.status).toBe(429);
    const seconds = Number(again.body.message.match(/after (\d+) seconds/)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 1000);
    const later = await requestLink(client, email);
    expect(Number(later.body.message.match(/after (\d+) seconds/)?.[1])).toBeLessThanOrEqual(30);

    vi.setSystemTime(Date.now() + 31 * 1000);
    expect((await requestLink(client, email)).status).toBe(200);
  });

  it('counts only a link actually sent: a refused request does not use up the minute', async () => {
    const email = address('victim');
    const attacker = lore.anonymous();
    const refused = await attacker.post('/api/auth/sign-in/magic-link', {
      email,
      name: 42,
      callbackURL: '/auth/callback',
    });
    expect(refused.status).toBe(400);
    const since = lore.mailbox.received.length;
    expect((await requestLink(lore.anonymous(), email)).status).toBe(200);
    await receiveLink(email, since);
  });

  it('cannot be escaped by forging X-Forwarded-For', async () => {
    const email = address('forger');
    const client = lore.anonymous();
    expect((await requestLink(client, email, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
    const forged = await requestLink(client, email, {
      'x-forwarded-for': '198.51.100.7',
      'x-lore-client-ip': '198.51.100.8',
    });
    expect(forged.status).toBe(429);
  });

  it('refuses a link request from another site', async () => {
    const email = address('csrf');
    const response = await requestLink(lore.anonymous(), email, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it.each([
    ['x'.repeat(121), 'Full name must be at most 120 characters'],
    [42, 'Full name cannot be empty'],
    ['Ada\u0000', 'Full name cannot contain control characters'],
  ])('refuses a sign-up name the profile would refuse, and keeps the link (%#)', async (name, message) => {
    const email = address('long-name');
    const since = lore.mailbox.received.length;
    await requestLink(lore.anonymous(), email);
    const link = await receiveLink(email, since);
    const client = lore.anonymous();
    const refused = await redeem(client, link, { name });
    expect([refused.status, refused.body.error]).toEqual([400, message]);
    expect((await redeem(client, link, { name: 'Ada' })).status).toBe(200);
  });

  it('names a new account with the name given when the link is redeemed', async () => {
    const email = address('named');
    const client = await lore.signIn(email, 'Ada Lovelace');
    const me = await client.get('/api/me');
    expect(me.body.data.profile.full_name).toBe('Ada Lovelace');
  });

  it('takes no name from whoever asks for the link, and keeps the name of an account that has one', async () => {
    const email = address('not-yours');
    const since = lore.mailbox.received.length;
    const asked = await lore
      .anonymous()
      .post('/api/auth/sign-in/magic-link', { email, name: 'Mallory was here', callbackURL: '/auth/callback' });
    expect([asked.status, asked.body.code]).toEqual([400, 'NAME_NOT_ACCEPTED']);
    expect(lore.mailbox.received.slice(since).some((mail) => mail.to.includes(email))).toBe(false);

    const owner = await lore.signIn(email);
    expect((await owner.get('/api/me')).body.data.profile.full_name).toBeNull();
    await owner.patch('/api/me/profile', { full_name: 'Grace Hopper' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 1000);
    const again = await lore.signIn(email, 'Someone Else');
    vi.useRealTimers();
    expect((await again.get('/api/me')).body.data.profile.full_name).toBe('Grace Hopper');
  });
});

describe('a sign-in link in a browser where someone else is signed in', () => {
  it('never signs in by GET (an image can make one): it forwards to the page that redeems it', async () => {
    const author = address('author');
    const since = lore.mailbox.received.length;
    await requestLink(lore.anonymous(), author);
    const token = tokenOf(await receiveLink(author, since));
    const reader = await lore.user();
    const fetched = await reader.get(`/api/auth/magic-link/verify?token=${token}&callbackURL=%2F`, {
      'sec-fetch-dest': 'image',
    });
    expect(fetched.status).toBe(302);
    expect(fetched.headers.get('location')).toBe(`${lore.baseUrl}/auth/callback?token=${token}`);
    expect(fetched.headers.getSetCookie()).toEqual([]);
    expect((await reader.get('/api/me')).body.data.email).toBe(reader.email);
  });

  it('asks before switching users, and switches only when told to', async () => {
    const author = address('author');
    const since = lore.mailbox.received.length;
    await requestLink(lore.anonymous(), author);
    const link = await receiveLink(author, since);
    const reader = await lore.user();

    const asked = await redeem(reader, link);
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ code: 'other_account', currentEmail: reader.email, linkEmail: author });
    expect((await reader.get('/api/me')).body.data.email).toBe(reader.email);

    const readerSession = new TestClient(lore.baseUrl);
    for (const [name, value] of reader.cookies) readerSession.cookies.set(name, value);
    const switched = await redeem(reader, link, { switchAccount: true });
    expect(switched.status).toBe(200);
    expect((await reader.get('/api/me')).body.data.email).toBe(author);
    // The reader's own session ended with the switch, rather than lingering unseen.
    expect((await readerSession.get('/api/me')).status).toBe(401);
  });

  it('signs in without asking when the link is for the user already signed in', async () => {
    const email = address('same');
    const client = await lore.signIn(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 1000);
    const since = lore.mailbox.received.length;
    await requestLink(lore.anonymous(), email);
    const link = await receiveLink(email, since);
    vi.useRealTimers();
    expect((await redeem(client, link)).status).toBe(200);
    expect((await client.get('/api/me')).body.data.email).toBe(email);
  });

  it('refuses a redeem sent from another site', async () => {
    const email = address('csrf-redeem');
    const since = lore.mailbox.received.length;
    await requestLink(lore.anonymous(), email);
    const link = await receiveLink(email, since);
    const client = lore.anonymous();
    const response = await client.post(
      '/api/redeemLoginLink',
      { token: tokenOf(link) },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect((await redeem(client, link)).status).toBe(200);
  });
});

describe('session cookie and sign-out', () => {
  it('is HttpOnly and SameSite=Lax', async () => {
    const email = address('cookie');
    const client = lore.anonymous();
    const since = lore.mailbox.received.length;
    await requestLink(client, email);
    const followed = await redeem(client, await receiveLink(email, since));
    const sessionCookie = followed.headers.getSetCookie().find((line) => line.startsWith('lore.session_token='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
  });

  it('ends only this session', async () => {
    const email = address('two-devices');
    const laptop = await lore.signIn(email);
    const since = lore.mailbox.received.length;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 1000);
    const phone = new TestClient(lore.baseUrl);
    await requestLink(phone, email);
    await redeem(phone, await receiveLink(email, since));
    vi.useRealTimers();

    expect((await laptop.post('/api/auth/sign-out')).status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(200);
  });
});
