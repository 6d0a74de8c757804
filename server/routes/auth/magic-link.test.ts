import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../test/http-client';
import { linkIn } from '../../test/mailbox';
import { startTestServer, type TestServer } from '../../test/test-server';

let lore: TestServer;
beforeAll(async () => {
  lore = await startTestServer();
});
afterAll(() => lore.close());
afterEach(() => vi.useRealTimers());

async function requestLink(client: TestClient, email: string, headers?: Record<string, string>) {
  return client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/auth/callback' }, headers);
}

/** A new address for each test, so no earlier request (or its rate limit) can touch it. */
const address = (label: string) => `${label}-${crypto.randomUUID()}@example.com`;

async function receiveLink(email: string, since: number) {
  return linkIn(await lore.mailbox.waitFor(email, { since }), '/api/auth/magic-link/verify');
}

describe('login link by e-mail', () => {
  it('is mailed over SMTP, signs in once, and cannot be used again', async () => {
    const email = address('once');
    const client = lore.anonymous();
    const since = lore.mailbox.received.length;
    expect((await requestLink(client, email)).status).toBe(200);
    const mail = await lore.mailbox.waitFor(email, { since });
    expect(mail.subject).toBe('Your Lore sign-in link');
    const link = linkIn(mail, '/api/auth/magic-link/verify');

    const first = await client.get(link);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toContain('/auth/callback');
    expect((await client.get('/api/me')).body.data.email).toBe(email);

    const stranger = lore.anonymous();
    const second = await stranger.get(link);
    expect(second.headers.get('location')).toContain('error=');
    expect((await stranger.get('/api/me')).status).toBe(401);
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
    const followed = await client.get(link);
    expect(followed.headers.get('location')).toContain('error=');
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
    await client.get(link);
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
  ])('refuses a sign-up name the profile would refuse (%#)', async (name, message) => {
    const email = address('long-name');
    const since = lore.mailbox.received.length;
    const response = await lore
      .anonymous()
      .post('/api/auth/sign-in/magic-link', { email, name, callbackURL: '/auth/callback' });
    expect([response.status, response.body.message]).toEqual([400, message]);
    expect(lore.mailbox.received.slice(since).some((mail) => mail.to.includes(email))).toBe(false);
  });

  it('creates the profile with the name given at sign-up', async () => {
    const email = address('named');
    const client = await lore.signIn(email, 'Ada Lovelace');
    const me = await client.get('/api/me');
    expect(me.body.data.profile.full_name).toBe('Ada Lovelace');
  });
});

describe('session cookie and sign-out', () => {
  it('is HttpOnly and SameSite=Lax', async () => {
    const email = address('cookie');
    const client = lore.anonymous();
    const since = lore.mailbox.received.length;
    await requestLink(client, email);
    const followed = await client.get(await receiveLink(email, since));
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
    await phone.get(await receiveLink(email, since));
    vi.useRealTimers();

    expect((await laptop.post('/api/auth/sign-out')).status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(200);
  });
});
