import { describe, expect, it } from 'vitest';
import { TestClient, type TestResponse } from '../test/http-client';
import { linkIn, tokenOf } from '../test/mailbox';
import { useTestServer } from '../test/use-test-server';
import { RATE_LIMITS, WRITES_REFUSED } from './rate-limits';

/**
 * Rate limits on, as in production (NODE_ENV=production), behind a proxy that says
 * who each client is (TRUST_PROXY, X-Forwarded-For): the path the client's address
 * takes in production, through clientIp to better-auth.
 */
const lore = useTestServer({ env: { NODE_ENV: 'production', TRUST_PROXY: 'true', LOG_LEVEL: 'error' } });

/** A browser whose every request the proxy says comes from `address`. */
class BrowserAt extends TestClient {
  constructor(
    baseUrl: string,
    readonly address: string,
  ) {
    super(baseUrl);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TestClient's own default: a test reads what it expects
  override request<T = any>(method: string, path: string, options: Parameters<TestClient['request']>[2] = {}) {
    return super.request<T>(method, path, {
      ...options,
      headers: { 'x-forwarded-for': this.address, ...options.headers },
    });
  }
}

const newEmail = () => `person-${crypto.randomUUID()}@example.com`;
const askForLink = (browser: TestClient, email = newEmail()) =>
  browser.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/auth/callback' });

/** Signs in through the e-mail link, as a person's browser does. */
async function signIn(browser: BrowserAt, email: string) {
  const since = lore.mailbox.received.length;
  expect((await askForLink(browser, email)).status).toBe(200);
  const link = linkIn(await lore.mailbox.waitFor(email, { since }), '/auth/callback');
  expect((await browser.post('/api/redeemLoginLink', { token: tokenOf(link) })).status).toBe(200);
  const me = await browser.get('/api/me');
  return me.body.data.id as string;
}

const expectRefusedFor = (answer: TestResponse, upTo: number) => {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(upTo);
  return seconds;
};

describe('a team behind one address', () => {
  it('30 people signing in and loading 4 pages a minute for 5 minutes are never refused', async () => {
    const office = '198.51.100.7';
    const people = Array.from({ length: 30 }, () => ({
      browser: new BrowserAt(lore.baseUrl, office),
      email: newEmail(),
    }));
    // The morning: everyone signs in, one after another.
    const ids: string[] = [];
    for (const person of people) ids.push(await signIn(person.browser, person.email));
    const [ownerId, ...memberIds] = ids;
    const account = await lore.createAccount(
      ownerId!,
      'Office',
      memberIds.map((userId) => ({ userId, role: 'member' as const })),
    );
    const base = `/api/accounts/${account.id}`;
    // What each page load asks for: the session check, the person, the workspace, then the page's data.
    const pages = [
      [
        '/api/auth/get-session',
        '/api/me',
        '/api/accounts',
        base,
        `${base}/knowledge/count`,
        `${base}/knowledge/weekly`,
      ],
      ['/api/auth/get-session', '/api/me', '/api/accounts', base, `${base}/knowledge?page=0`, `${base}/knowledge/tags`],
    ];
    const statuses: number[] = [];
    // 5 minutes of 4 loads a minute (and the app shell's activity ping each minute), as fast as the test can.
    await Promise.all(
      people.map(async ({ browser }) => {
        const sessionId = crypto.randomUUID();
        statuses.push((await browser.post('/api/loginSession', { sessionId })).status);
        for (let minute = 0; minute < 5; minute++) {
          for (let load = 0; load < 4; load++) {
            const answers = await Promise.all(pages[load % 2]!.map((path) => browser.get(path)));
            statuses.push(...answers.map((answer) => answer.status));
          }
          statuses.push((await browser.post('/api/sessionActivity', { sessionId })).status);
        }
      }),
    );
    expect(statuses).toHaveLength(30 * (1 + 5 * (4 * 6 + 1)));
    expect(statuses.filter((status) => status === 429)).toHaveLength(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 240_000);
});

describe('what an attacker would repeat is still limited, with Retry-After', () => {
  it('login links from one address: a generous allowance, then 429 with the seconds to wait', async () => {
    const attacker = new BrowserAt(lore.baseUrl, '203.0.113.5');
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.max; i++) expect((await askForLink(attacker)).status).toBe(200);
    const refused = await askForLink(attacker);
    const seconds = expectRefusedFor(refused, RATE_LIMITS.signInPerAddress.window);
    // The sign-in page reads the seconds from the message ('after N seconds').
    expect(refused.body.message).toContain(`after ${seconds} seconds`);
    expect(refused.body.message).toContain('For security purposes');
    // Only sign-ins: its session check, and another address's links, go on.
    expect((await attacker.get('/api/auth/get-session')).status).toBe(200);
    expect((await askForLink(new BrowserAt(lore.baseUrl, '203.0.113.6'))).status).toBe(200);
  });

  it('login links to one e-mail: one a minute, whatever the address', async () => {
    const email = newEmail();
    expect((await askForLink(new BrowserAt(lore.baseUrl, '192.0.2.20'), email)).status).toBe(200);
    const again = await askForLink(new BrowserAt(lore.baseUrl, '192.0.2.21'), email);
    const seconds = expectRefusedFor(again, 60);
    expect(again.body.message).toBe(`For security purposes, you can only request this after ${seconds} seconds.`);
  });

  it('writes of one session: a burst past the allowance is refused; its reads and other sessions go on', async () => {
    const user = await lore.user();
    const sessionId = crypto.randomUUID();
    const ping = () => user.post('/api/sessionActivity', { sessionId });
    // One after another: sent all at once, the embedded database's load shedding (decision 27) answers some 503 first.
    const answers = [];
    for (let i = 0; i < RATE_LIMITS.writesPerSession.max; i++) answers.push(await ping());
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const refused = await ping();
    const seconds = expectRefusedFor(refused, RATE_LIMITS.writesPerSession.window);
    expect(refused.body).toEqual({ error: WRITES_REFUSED, code: 'rate_limited', retryAfterSeconds: seconds });
    expect((await user.get('/api/me')).status).toBe(200);
    // A POST that only reads (the AI search) is not a write.
    const search = await user.post('/api/aiKnowledgeSearch', { accountId: crypto.randomUUID(), query: 'backups' });
    expect(search.status).not.toBe(429);
    const phone = await lore.anotherSession(user);
    expect((await phone.post('/api/sessionActivity', { sessionId })).status).toBe(200);
  });
});
