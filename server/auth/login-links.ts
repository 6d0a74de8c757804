import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * How a login link's token is stored: its SHA-256, so the table never holds a
 * token that works. Given to better-auth's magic-link plugin as its hasher, and
 * used here to find a link before it is redeemed.
 */
export const hashLoginLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The address an unused, unexpired login link signs in, or undefined. Does not use the link up. */
export async function findPendingLoginLink(db: Kysely<DB>, token: string, now = new Date()) {
  const row = await db
    .selectFrom('verifications')
    .select('value')
    // better-auth's magic-link plugin files each link under this identifier.
    .where('identifier', '=', `magic-link:${hashLoginLinkToken(token)}`)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { email } = JSON.parse(row.value) as { email?: unknown };
  return typeof email === 'string' ? { email } : undefined;
}

/** The page a sign-in link opens: it redeems the token with a POST, and asks first if someone else is signed in. */
export const loginLinkPage = (baseUrl: string, token: string) => {
  const url = new URL('/auth/callback', baseUrl);
  url.searchParams.set('token', token);
  return url.toString();
};
