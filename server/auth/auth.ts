import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { magicLink } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Env } from '../env';
import type { DB } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { loginLinkMail } from '../mail/templates';
import { claimLoginLinkSlot, releaseLoginLinkSlot } from '../data/login-link-requests';
import { insertProfile } from '../data/profiles';
import { hasVerifiedFactor } from '../data/two-factor';
import { LOGIN_LINK_INTERVAL_SECONDS, LOGIN_LINK_LIFETIME_MINUTES } from '../../common/auth';
import { authSchema } from './auth-schema';
import { hashLoginLinkToken, loginLinkPage } from './login-links';
import { signInMethodOf } from './sign-in-method';
import { CLIENT_IP_HEADER } from '../middleware/client-ip';

export interface AuthDeps {
  env: Env;
  db: Kysely<DB>;
  mailer: Mailer;
  secret: string;
}

/** better-auth configured for Lore: e-mail links, optional Google and Apple, our tables. */
export function createAuth({ env, db, mailer, secret }: AuthDeps) {
  const socialProviders = {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
      : {}),
    ...(env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET
      ? { apple: { clientId: env.APPLE_CLIENT_ID, clientSecret: env.APPLE_CLIENT_SECRET } }
      : {}),
  };

  return betterAuth({
    appName: 'Lore',
    baseURL: env.BASE_URL,
    basePath: '/api/auth',
    secret,
    database: { db, type: 'postgres' },
    trustedOrigins: [env.BASE_URL, 'https://appleid.apple.com'],
    ...authSchema,
    socialProviders,
    advanced: {
      cookiePrefix: 'lore',
      useSecureCookies: env.BASE_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Only our own middleware sets this header, from the socket or a trusted proxy.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: 'uuid' },
    },
    // Counted in the database, so several Lore processes share one limit.
    rateLimit: {
      enabled: env.NODE_ENV !== 'test',
      window: 60,
      max: 100,
      storage: 'database',
      modelName: 'auth_rate_limits',
      fields: { lastRequest: 'last_request' },
    },
    plugins: [
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
          await mailer.send(loginLinkMail(email, loginLinkPage(env.BASE_URL, token))).catch(async (error: unknown) => {
            await releaseLoginLinkSlot(db, address, claimedAt);
            throw error;
          });
        },
      }),
    ],
    hooks: {
      // Whoever asks for a link may not be the address's owner, so the name comes with
      // redeeming it (POST /api/redeemLoginLink), never with the request.
      before: createAuthMiddleware(async (ctx) => {
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
