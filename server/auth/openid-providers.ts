import type { OAuth2Tokens } from 'better-auth/oauth2';
import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins';
import { decodeJwt } from 'jose';
import type { Env } from '../env';

/** Where an OpenID issuer publishes its endpoints and keys (OpenID Connect Discovery 1.0, section 4). */
export const discoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

/**
 * Google and Apple as OpenID providers found by discovery (decision 15): one code
 * path whose only difference between production and the tests' stand-in is the
 * issuer. Each is there only when its client id and secret are set.
 */
export function openIdProviders(env: Env): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push({
      providerId: 'google',
      name: 'Google',
      discoveryUrl: discoveryUrl(env.GOOGLE_ISSUER),
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      scopes: ['openid', 'email', 'profile'],
      requireIdTokenVerification: true,
      // Signing out ends Lore's session only (the spec's local scope), never the provider's.
      disableProviderLogout: true,
      getUserInfo: async (tokens) => profileFromIdToken(tokens),
    });
  }
  if (env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET) {
    providers.push({
      providerId: 'apple',
      name: 'Apple',
      discoveryUrl: discoveryUrl(env.APPLE_ISSUER),
      clientId: env.APPLE_CLIENT_ID,
      // Apple's client secret is a JWT the operator signs with their key (README).
      clientSecret: env.APPLE_CLIENT_SECRET,
      // Asking Apple for the name or e-mail requires its answer to come as a form POST.
      scopes: ['openid', 'email', 'name'],
      responseMode: 'form_post',
      requireIdTokenVerification: true,
      disableProviderLogout: true,
      getUserInfo: async (tokens) => profileFromIdToken(tokens, appleName(tokens)),
    });
  }
  return providers;
}

/**
 * The person from the provider's id_token, which better-auth has already
 * verified (signature against the issuer's keys, issuer, audience, age, nonce)
 * before calling this. Null, which refuses the sign-in, when the token is
 * missing or the provider has not verified the e-mail: Lore knows people by
 * e-mail (invitations, login links), so an unverified address must neither
 * take over an existing user nor claim the address for a new one.
 */
function profileFromIdToken(tokens: OAuth2Tokens, nameFromProvider?: string): GenericOAuthUserInfo | null {
  if (!tokens.idToken) return null;
  const claims = decodeJwt(tokens.idToken);
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
  if (typeof claims.sub !== 'string' || typeof claims.email !== 'string' || !emailVerified) return null;
  const name = nameFromProvider || (typeof claims.name === 'string' ? claims.name : '');
  return {
    sub: claims.sub,
    email: claims.email.toLowerCase(),
    emailVerified,
    name,
  };
}

/**
 * Apple sends the name once, at the first sign-in, as the form field `user`
 * ({"name":{"firstName","lastName"}}) next to the code; its id_token has none.
 */
function appleName(tokens: OAuth2Tokens): string | undefined {
  const { user } = tokens as OAuth2Tokens & { user?: { name?: { firstName?: unknown; lastName?: unknown } } };
  const parts = [user?.name?.firstName, user?.name?.lastName].filter((part) => typeof part === 'string');
  return parts.join(' ').trim() || undefined;
}
