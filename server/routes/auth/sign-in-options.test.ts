import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';

describe('sign-in options', () => {
  let plain: TestServer;
  let withGoogle: TestServer;
  beforeAll(async () => {
    [plain, withGoogle] = await Promise.all([
      startTestServer(),
      startTestServer({ env: { GOOGLE_CLIENT_ID: 'lore-test-client', GOOGLE_CLIENT_SECRET: 'lore-test-secret' } }),
    ]);
  });
  afterAll(() => Promise.all([plain.close(), withGoogle.close()]));

  it('offers only the e-mail link when no provider is configured', async () => {
    expect((await plain.anonymous().get('/api/sign-in-options')).body.data).toEqual({ google: false, apple: false });
    const response = await plain
      .anonymous()
      .post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/auth/callback' });
    expect(response.status).toBeGreaterThanOrEqual(400);
  });

  it('offers Google when configured and sends the browser to Google with our callback', async () => {
    expect((await withGoogle.anonymous().get('/api/sign-in-options')).body.data).toEqual({
      google: true,
      apple: false,
    });
    const response = await withGoogle
      .anonymous()
      .post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/auth/callback' });
    expect(response.status).toBe(200);
    const url = new URL(response.body.url);
    expect(url.hostname).toBe('accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('lore-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${withGoogle.baseUrl}/api/auth/callback/google`);
    expect(url.searchParams.get('state')).toBeTruthy();
  });
});
