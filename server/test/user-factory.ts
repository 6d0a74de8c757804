import { serializeSignedCookie } from 'better-call';
import type { Auth } from '../auth/auth';
import { TestClient } from './http-client';

/** A client holding a real session, with the user it belongs to. */
export type SignedInClient = TestClient & { email: string; userId: string };

/**
 * A new user, signed in without the e-mail round trip: better-auth creates the
 * user (its create hooks add the profile, as at sign-up) and a session, and the
 * client gets the cookie better-auth's own signing would set.
 */
export async function createSignedInUser(
  auth: Auth,
  baseUrl: string,
  options: { email?: string; name?: string } = {},
): Promise<SignedInClient> {
  const context = await auth.$context;
  const email = options.email ?? `user-${crypto.randomUUID()}@example.com`;
  const user = await context.internalAdapter.createUser(
    { email, emailVerified: true, name: options.name ?? '' },
    { method: 'magic-link' },
  );
  if (!user) throw new Error(`No user was created for ${email}`);
  return signInAgain(auth, baseUrl, { email: user.email, userId: user.id });
}

/** Another session for an existing user, as if they signed in on a second device. */
export async function signInAgain(
  auth: Auth,
  baseUrl: string,
  user: { email: string; userId: string },
  options: { userAgent?: string } = {},
): Promise<SignedInClient> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(user.userId);
  if (options.userAgent) await context.internalAdapter.updateSession(session.token, { userAgent: options.userAgent });
  const cookie = context.authCookies.sessionToken;
  const setCookie = await serializeSignedCookie(cookie.name, session.token, context.secret, {
    ...cookie.attributes,
    maxAge: context.sessionConfig.expiresIn,
  });
  const client = new TestClient(baseUrl);
  client.receiveCookies([setCookie]);
  return Object.assign(client, { email: user.email, userId: user.userId });
}
