import { OAuth2Server } from 'oauth2-mock-server';
import type { TestClient, TestResponse } from './http-client';

/** Who the stand-in says signed in: the id_token's claims. */
export interface OpenIdPerson {
  sub: string;
  email: string;
  email_verified?: boolean | string;
  name?: string;
  [claim: string]: unknown;
}

/**
 * A stand-in OpenID provider over real HTTP (oauth2-mock-server): discovery,
 * authorize, token (checking PKCE), JWKS, id_tokens signed with its own RS256
 * key and carrying the nonce it was given. Lore reaches it through
 * GOOGLE_ISSUER / APPLE_ISSUER, as it reaches Google and Apple in production.
 */
export async function startOpenIdProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url!;
  let person: OpenIdPerson = { sub: 'nobody', email: 'nobody@example.com' };
  // After the mock's own claims (its sub is always "johndoe"): the person of the next sign-in.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, person);
  });
  return {
    issuer,
    /** The env that points Lore's Google and Apple at this stand-in. */
    env: {
      GOOGLE_ISSUER: issuer,
      GOOGLE_CLIENT_ID: 'lore-google-client',
      GOOGLE_CLIENT_SECRET: 'lore-google-secret',
      APPLE_ISSUER: issuer,
      APPLE_CLIENT_ID: 'lore-apple-client',
      APPLE_CLIENT_SECRET: 'lore-apple-secret',
    },
    /** The person the following sign-ins are of (e-mail verified unless said otherwise). */
    signInAs(next: OpenIdPerson) {
      person = { email_verified: true, ...next };
    },
    close: () => server.stop(),
  };
}

export type OpenIdProvider = Awaited<ReturnType<typeof startOpenIdProvider>>;

/** Where a sign-in started: the provider's authorize address Lore sent the browser to. */
export async function startSignIn(client: TestClient, provider: 'google' | 'apple') {
  const started = await client.post('/api/auth/sign-in/social', {
    provider,
    callbackURL: '/auth/callback',
    errorCallbackURL: '/login?error=oauth',
  });
  if (started.status !== 200) throw new Error(`Sign-in refused: ${started.status} ${JSON.stringify(started.body)}`);
  return new URL(started.body.url as string);
}

/**
 * The browser at the provider: it signs in there and is sent back with a code
 * and the state. The stand-in always answers with a redirect; for Apple, whose
 * answer is a form its page POSTs to Lore (response_mode=form_post), the POST
 * is made here as that page would: from the provider's origin, cross-site, so
 * without Lore's SameSite=Lax cookies. Returns the GET of Lore's callback the
 * browser goes to next.
 */
export async function answerAtProvider(
  authorizeUrl: URL,
  options: { formPost?: { user?: unknown } } = {},
): Promise<URL> {
  const answered = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(answered.headers.get('location')!);
  if (!options.formPost) return back;
  const form = new URLSearchParams(back.searchParams);
  if (options.formPost.user !== undefined) form.set('user', JSON.stringify(options.formPost.user));
  const posted = await fetch(`${back.origin}${back.pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: authorizeUrl.origin,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    },
    body: form,
    redirect: 'manual',
  });
  if (posted.status !== 302) throw new Error(`The form POST was refused: ${posted.status} ${await posted.text()}`);
  return new URL(posted.headers.get('location')!, back);
}

/** The whole round trip in `client` (a browser): Lore, the provider, Lore's callback. Lore's last answer. */
export async function signInWithProvider(
  client: TestClient,
  provider: 'google' | 'apple',
  options: { user?: unknown } = {},
): Promise<TestResponse> {
  const authorize = await startSignIn(client, provider);
  const callback = await answerAtProvider(authorize, provider === 'apple' ? { formPost: options } : {});
  return client.get(`${callback.pathname}${callback.search}`);
}
