import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, magicLink } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Env } from '../env';
import type { DB } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { loginLinkMail } from '../mail/templates';
import { claimLoginLinkSlot, releaseLoginLinkSlot } from '../data/login-link-requests';
import { forgetLoginLink, recordLoginLink } from '../data/login-links';
import { insertProfile } from '../data/profiles';
import { hasVerifiedFactor } from '../data/two-factor';
import { LOGIN_LINK_INTERVAL_SECONDS, LOGIN_LINK_LIFETIME_MINUTES } from '../../common/auth';
import { authSchema } from './auth-schema';
import { openIdProviders } from './openid-providers';
import { hashLoginLinkToken, loginLinkPage } from './login-links';
import { signInMethodOf } from './sign-in-method';
import { CLIENT_IP_HEADER } from '../middleware/client-ip';
import { AUTH_RATE_RULES, createRateLimiter } from './rate-limits';

export interface AuthDeps {
  env: Env;
  db: Kysely<DB>;
  mailer: Mailer;
  secret: string;
}

/**
 * better-auth's routes the web and the sign-in flows call (paths under /api/auth):
 * the session check, signing out, a login link, Google and Apple and their returns.
 */
const OPEN_AUTH_ROUTES =
  /^\/(get-session|sign-out|sign-in\/(magic-link|social)|callback\/[^/]+|magic-link\/verify|error|ok)$/;

/** The session cookie better-auth sets and reads: `lore.session_token`, with `__Secure-` in front over https. */
export const sessionCookieName = (baseUrl: string) => `${secureCookies(baseUrl) ? '__Secure-' : ''}lore.session_token`;

const secureCookies = (baseUrl: string) => baseUrl.startsWith('https://');

/**
 * better-auth configured for Lore: e-mail links, optional Google and Apple (OpenID
 * providers found by discovery from their issuer, decision 15), our tables.
 */
export function createAuth({ env, db, mailer, secret }: AuthDeps) {
  const limiter = createRateLimiter(db);
  return betterAuth({
    appName: 'Lore',
    baseURL: env.BASE_URL,
    basePath: '/api/auth',
    secret,
    database: { db, type: 'postgres' },
    // Apple answers with a form POST from its own origin to /api/auth/callback/apple.
    trustedOrigins: [env.BASE_URL, new URL(env.APPLE_ISSUER).origin],
    ...authSchema,
    account: {
      ...authSchema.account,
      // A provider's sign-in joins an existing Lore user of the same address only when
      // both sides have verified it (better-auth's defaults, stated; no provider is
      // trusted blindly). openid-providers.ts refuses an unverified address outright.
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    advanced: {
      cookiePrefix: 'lore',
      useSecureCookies: secureCookies(env.BASE_URL),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Only our own middleware sets this header, from the socket or a trusted proxy.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: 'uuid' },
    },
    // Only what an attacker repeats, by path (decision 26); counted in the database, so
    // several Lore processes share one limit. The session check and sign-out are never limited.
    rateLimit: {
      enabled: env.NODE_ENV !== 'test',
      window: 60,
      max: 100,
      customRules: AUTH_RATE_RULES,
      customStorage: { consume: (key, rule) => limiter.consume(`auth|${key}`, rule) },
    },
    plugins: [
      // Google and Apple go through better-auth's own /sign-in/social and /callback/:id.
      genericOAuth({ config: openIdProviders(env) }),
      magicLink({
        expiresIn: LOGIN_LINK_LIFETIME_MINUTES * 60,
        storeToken: { type: 'custom-hasher', hash: async (token) => hashLoginLinkToken(token) },
        // Called only for a valid request, right before the mail goes: so a refused
        // request never uses up the address's minute, and a failed send gives it back.
        // The mail links to Lore's page, which redeems the token (POST /api/redeemLoginLink).
        sendMagicLink: async ({ email, token }) => {
          const address = email.trim().toLowerCase();
          const claimedAt = new Date();
          const wait = await claimLoginLinkSlot(db, address, claimedAt, LOGIN_LINK_INTERVAL_SECONDS);
          if (wait > 0) {
            throw new APIError('TOO_MANY_REQUESTS', {
              message: `For security purposes, you can only request this after ${wait} seconds.`,
              code: 'LOGIN_LINK_RATE_LIMITED',
            });
          }
          // Remembered before it is mailed, so a link that stops working can say why (decision 22).
          const tokenHash = hashLoginLinkToken(token);
          const expiresAt = new Date(claimedAt.getTime() + LOGIN_LINK_LIFETIME_MINUTES * 60 * 1000);
          await recordLoginLink(db, { tokenHash, email: address, expiresAt }, claimedAt);
          await mailer.send(loginLinkMail(email, loginLinkPage(env.BASE_URL, token))).catch(async (error: unknown) => {
            await releaseLoginLinkSlot(db, address, claimedAt);
            await forgetLoginLink(db, tokenHash);
            throw error;
          });
        },
      }),
    ],
    hooks: {
      // Whoever asks for a link may not be the address's owner, so the name comes with
      // redeeming it (POST /api/redeemLoginLink), never with the request.
      before: createAuthMiddleware(async (ctx) => {
        // Over HTTP, only the routes Lore uses are open: the rest have Lore's own, guarded
        // versions (e.g. /api/sessions; better-auth's revoke-session answered 200 to another
        // user's token and did nothing).
        if (ctx.request && !OPEN_AUTH_ROUTES.test(ctx.path))
          throw new APIError('NOT_FOUND', { message: 'Not found', code: 'NOT_FOUND' });
        if (ctx.path !== '/sign-in/magic-link' || ctx.body?.name === undefined) return;
        throw new APIError('BAD_REQUEST', {
          message: 'A name is given when the sign-in link is redeemed, not when it is requested',
          code: 'NAME_NOT_ACCEPTED',
        });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => insertProfile(db, user.id, user.name),
        },
      },
      // Every sign-in path (e-mail link, Google, Apple) makes its session here: it
      // records how, and a user with two-factor on gets one that must give a code first (decision 4).
      session: {
        create: {
          before: async (session, context) => ({
            data: {
              ...session,
              // The address as it came (clientIp), not better-auth's: it masks IPv6 to its /64 for
              // rate limits, which made ::1 all zeros on the sessions page.
              ipAddress: (context?.request?.headers ?? context?.headers)?.get(CLIENT_IP_HEADER) ?? session.ipAddress,
              signInMethod: signInMethodOf(context),
              secondFactor: (await hasVerifiedFactor(db, session.userId)) ? 'pending' : 'none',
            },
          }),
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];
export type AuthSession = Auth['$Infer']['Session']['session'];
