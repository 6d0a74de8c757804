import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor, turnOnTwoFactor } from '../../test/two-factor';
import {
  answerAtProvider,
  signInWithProvider,
  startOpenIdProvider,
  startSignIn,
  type OpenIdProvider,
} from '../../test/openid-provider';
import { startTestServer, type TestServer } from '../../test/test-server';
import type { TestResponse } from '../../test/http-client';

let provider: OpenIdProvider;
let lore: TestServer;
beforeAll(async () => {
  provider = await startOpenIdProvider();
  lore = await startTestServer({ env: provider.env });
});
afterAll(async () => {
  await lore?.close();
  await provider?.close();
});

const newPerson = (name = 'Ada Lovelace') => {
  const id = crypto.randomUUID();
  return { sub: `sub-${id}`, email: `person-${id}@example.com`, name };
};
const identitiesOf = (userId: string) =>
  lore.db.selectFrom('identities').select(['provider_id', 'account_id']).where('user_id', '=', userId).execute();
const expectSignedIn = (landed: TestResponse) => {
  expect(landed.status).toBe(302);
  expect(landed.headers.get('location')).toBe('/auth/callback');
};
const expectRefused = (landed: TestResponse, error: string) => {
  expect(landed.status).toBe(302);
  const location = new URL(landed.headers.get('location')!, lore.baseUrl);
  expect(location.pathname).toBe('/login');
  // The web app's errorCallbackURL already says error=oauth; better-auth adds its reason.
  expect(location.searchParams.getAll('error')).toEqual(['oauth', error]);
};

describe('Google sign-in against a stand-in OpenID provider', () => {
  it('sends the browser to the issuer with state, PKCE and a nonce', async () => {
    const authorize = await startSignIn(lore.anonymous(), 'google');
    expect(authorize.origin).toBe(new URL(provider.issuer).origin);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'lore-google-client',
      redirect_uri: `${lore.baseUrl}/api/auth/callback/google`,
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    for (const param of ['state', 'code_challenge', 'nonce']) expect(authorize.searchParams.get(param)).toBeTruthy();
  });

  it('signs a new person up: a session cookie, the user, a profile with the name and the Google identity', async () => {
    const person = newPerson();
    provider.signInAs(person);
    const browser = lore.anonymous();
    expectSignedIn(await signInWithProvider(browser, 'google'));

    const me = await browser.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: person.email, profile: { full_name: 'Ada Lovelace' } });
    expect(await identitiesOf(me.body.data.id)).toEqual([{ provider_id: 'google', account_id: person.sub }]);

    // Again later: the same user, through the identity.
    const again = lore.anonymous();
    expectSignedIn(await signInWithProvider(again, 'google'));
    expect((await again.get('/api/me')).body.data.id).toBe(me.body.data.id);
  });

  it('signs an existing Lore user in with their verified address and links Google to them', async () => {
    const existing = await lore.user({ name: 'Grace Hopper' });
    provider.signInAs({ ...newPerson(), email: existing.email });
    const browser = lore.anonymous();
    expectSignedIn(await signInWithProvider(browser, 'google'));
    expect((await browser.get('/api/me')).body.data).toMatchObject({
      id: existing.userId,
      profile: { full_name: 'Grace Hopper' },
    });
    expect((await identitiesOf(existing.userId)).map((identity) => identity.provider_id)).toEqual(['google']);
  });

  it("signs out of Lore only: no trip to the provider's end-session page (local scope)", async () => {
    provider.signInAs(newPerson());
    const browser = lore.anonymous();
    expectSignedIn(await signInWithProvider(browser, 'google'));
    const signedOut = await browser.post('/api/auth/sign-out');
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('location')).toBeNull();
    expect(signedOut.body).toEqual({ success: true });
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it('refuses an address the provider has not verified: no session, and no hold on the existing user', async () => {
    const existing = await lore.user();
    provider.signInAs({ ...newPerson(), email: existing.email, email_verified: false });
    const browser = lore.anonymous();
    expectRefused(await signInWithProvider(browser, 'google'), 'unable_to_get_user_info');
    expect((await browser.get('/api/me')).status).toBe(401);
    expect(await identitiesOf(existing.userId)).toEqual([]);

    // Nor is the address claimed for a new user.
    const stranger = newPerson();
    provider.signInAs({ ...stranger, email_verified: 'false' });
    expectRefused(await signInWithProvider(lore.anonymous(), 'google'), 'unable_to_get_user_info');
    expect(await lore.db.selectFrom('users').where('email', '=', stranger.email).select('id').execute()).toEqual([]);
  });

  it('refuses an id_token made for another client', async () => {
    provider.signInAs({ ...newPerson(), aud: 'someone-elses-client' });
    const browser = lore.anonymous();
    expectRefused(await signInWithProvider(browser, 'google'), 'unable_to_get_user_info');
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it("refuses a callback whose state is not this browser's (login CSRF)", async () => {
    provider.signInAs(newPerson());
    // An attacker starts a sign-in and gets a code and state back from the provider...
    const attacker = lore.anonymous();
    const attackersCallback = await answerAtProvider(await startSignIn(attacker, 'google'));
    // ...and has a victim's browser, in the middle of its own sign-in, open that callback.
    const victim = lore.anonymous();
    await startSignIn(victim, 'google');
    expectRefused(await victim.get(`${attackersCallback.pathname}${attackersCallback.search}`), 'state_mismatch');
    expect((await victim.get('/api/me')).status).toBe(401);
    // A browser with no sign-in under way gets no session either.
    const bystander = lore.anonymous();
    const landed = await bystander.get(`${attackersCallback.pathname}${attackersCallback.search}`);
    expect(landed.status).toBe(302);
    expect((await bystander.get('/api/me')).status).toBe(401);
  });

  it('gives a user with two-factor on a session that must give the code first', async () => {
    const existing = await lore.user();
    const { secret } = await turnOnTwoFactor(existing);
    provider.signInAs({ ...newPerson(), email: existing.email });
    const browser = lore.anonymous();
    expectSignedIn(await signInWithProvider(browser, 'google'));

    const refused = await browser.get('/api/me');
    expect([refused.status, refused.body.code]).toEqual([403, 'mfa_required']);
    expect((await browser.get('/api/accounts')).status).toBe(403);
    expect((await browser.get('/api/auth/get-session')).body.session.secondFactor).toBe('pending');

    expect((await browser.post('/api/me/two-factor/verify', { code: codeFor(secret) })).status).toBe(200);
    expect((await browser.get('/api/me')).body.data.id).toBe(existing.userId);
  });
});

describe('Apple sign-in against a stand-in OpenID provider', () => {
  it('asks for the answer as a form POST, and takes the name Apple sends once with it', async () => {
    const authorize = await startSignIn(lore.anonymous(), 'apple');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'lore-apple-client',
      redirect_uri: `${lore.baseUrl}/api/auth/callback/apple`,
      response_mode: 'form_post',
    });
    expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'name']),
    );

    // Apple's id_token has no name; the first answer carries it as the form field `user`.
    const { name: _none, ...person } = newPerson();
    provider.signInAs(person);
    const browser = lore.anonymous();
    expectSignedIn(
      await signInWithProvider(browser, 'apple', { user: { name: { firstName: 'Ada', lastName: 'Lovelace' } } }),
    );
    const me = await browser.get('/api/me');
    expect(me.body.data).toMatchObject({ email: person.email, profile: { full_name: 'Ada Lovelace' } });
    expect(await identitiesOf(me.body.data.id)).toEqual([{ provider_id: 'apple', account_id: person.sub }]);

    // Later answers have no name: the same user, name kept.
    const again = lore.anonymous();
    expectSignedIn(await signInWithProvider(again, 'apple'));
    expect((await again.get('/api/me')).body.data).toMatchObject({
      id: me.body.data.id,
      profile: { full_name: 'Ada Lovelace' },
    });
  });

  it('signs an existing user in (Apple says "true" as a string), with the two-factor gate', async () => {
    const existing = await lore.user();
    const { secret } = await turnOnTwoFactor(existing);
    provider.signInAs({ sub: `apple-${crypto.randomUUID()}`, email: existing.email, email_verified: 'true' });
    const browser = lore.anonymous();
    expectSignedIn(await signInWithProvider(browser, 'apple'));
    const refused = await browser.get('/api/me');
    expect([refused.status, refused.body.code]).toEqual([403, 'mfa_required']);
    expect((await browser.post('/api/me/two-factor/verify', { code: codeFor(secret) })).status).toBe(200);
    expect((await browser.get('/api/me')).body.data.id).toBe(existing.userId);
  });
});
