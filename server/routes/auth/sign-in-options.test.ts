import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenIdProvider, type OpenIdProvider } from '../../test/openid-provider';
import { startTestServer, type TestServer } from '../../test/test-server';

describe('sign-in options', () => {
  let provider: OpenIdProvider;
  let plain: TestServer;
  let withGoogle: TestServer;
  let issuerDown: TestServer;
  beforeAll(async () => {
    provider = await startOpenIdProvider();
    const google = {
      GOOGLE_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: 'lore-test-client',
      GOOGLE_CLIENT_SECRET: 'lore-test-secret',
    };
    [plain, withGoogle, issuerDown] = await Promise.all([
      startTestServer(),
      startTestServer({ env: google }),
      // Nothing listens on port 9 (discard) here: discovery fails at start.
      startTestServer({ env: { ...google, GOOGLE_ISSUER: 'http://127.0.0.1:9' } }),
    ]);
  });
  afterAll(() => Promise.all([plain.close(), withGoogle.close(), issuerDown.close(), provider.close()]));

  it('offers only the e-mail link when no provider is configured', async () => {
    expect((await plain.anonymous().get('/api/sign-in-options')).body.data).toEqual({ google: false, apple: false });
    const response = await plain
      .anonymous()
      .post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/auth/callback' });
    expect(response.status).toBeGreaterThanOrEqual(400);
  });

  it("offers Google when configured and sends the browser to the issuer's authorize endpoint with our callback", async () => {
    expect((await withGoogle.anonymous().get('/api/sign-in-options')).body.data).toEqual({
      google: true,
      apple: false,
    });
    const response = await withGoogle
      .anonymous()
      .post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/auth/callback' });
    expect(response.status).toBe(200);
    const url = new URL(response.body.url);
    expect(url.href.startsWith(`${provider.issuer}/authorize?`)).toBe(true);
    expect(url.searchParams.get('client_id')).toBe('lore-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${withGoogle.baseUrl}/api/auth/callback/google`);
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('does not offer a provider whose issuer could not be reached at start, rather than a button that fails', async () => {
    expect((await issuerDown.anonymous().get('/api/sign-in-options')).body.data).toEqual({
      google: false,
      apple: false,
    });
  });
});
