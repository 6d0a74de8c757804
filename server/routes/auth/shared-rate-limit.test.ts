import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../auth/rate-limits';
import { openTestDatabase } from '../../test/test-database';
import { startTestServer, type TestServer } from '../../test/test-server';

// Two Lore processes on one database, with rate limits on as in production.
let first: TestServer;
let second: TestServer;
let drop: () => Promise<void>;
beforeAll(async () => {
  const shared = await openTestDatabase();
  drop = shared.drop;
  first = await startTestServer({ database: shared.database, env: { NODE_ENV: 'production', LOG_LEVEL: 'error' } });
  second = await startTestServer({ database: shared.database, env: { NODE_ENV: 'production', LOG_LEVEL: 'error' } });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await drop();
});

const askForLink = (lore: TestServer) =>
  lore
    .anonymous()
    .post('/api/auth/sign-in/magic-link', { email: `limit-${crypto.randomUUID()}@example.com`, callbackURL: '/' });

describe('sign-in rate limits', () => {
  it('are one limit for every process on the database, not one per process', async () => {
    // Login links from one address: a generous allowance a minute, taken on either process.
    const { max } = RATE_LIMITS.signInPerAddress;
    for (let i = 0; i < max; i++) expect((await askForLink(i % 2 ? second : first)).status).toBe(200);
    expect((await askForLink(second)).status).toBe(429);
    expect((await askForLink(first)).status).toBe(429);
    // Counted where every process reads it (processes share no memory; these two servers would).
    const counters = await first.db.selectFrom('auth_rate_limits').select(['key', 'count']).execute();
    expect(counters).toEqual([{ key: 'auth|127.0.0.1|/sign-in/magic-link', count: max + 2 }]);
  });
});
