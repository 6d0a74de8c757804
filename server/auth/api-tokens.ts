import { API_TOKEN_PREFIX, type ApiTokenAccess } from '../../common/api-tokens';
import type { ApiTokenUse } from '../../common/api/define';
import type { Executor } from '../data/executor';
import { findLiveApiToken, touchApiToken } from '../data/api-tokens';
import { AppError, notFound } from '../errors';
import type { SessionUser } from './auth';
import { hashToken, randomToken } from './tokens';

/** The token a request was made with: whose rights it carries, where, and how far. */
export interface ApiTokenCaller {
  id: string;
  accountId: string;
  access: ApiTokenAccess;
}

/** How stale "last used" may be before a call writes it again. */
const LAST_USED_PRECISION_MS = 60_000;

/** Characters of a token kept to recognise it by (the prefix and four more). */
const START_LENGTH = API_TOKEN_PREFIX.length + 4;

/** A new token: its secret (shown once), the hash kept instead, and its start. */
export function mintApiToken() {
  const secret = `${API_TOKEN_PREFIX}${randomToken()}`;
  return { secret, hash: hashToken(secret), start: secret.slice(0, START_LENGTH) };
}

/** The Lore API token an `Authorization: Bearer lore_…` header carries; other headers carry none. */
export function bearerApiToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1]?.startsWith(API_TOKEN_PREFIX) ? match[1] : undefined;
}

export const invalidApiToken = () =>
  new AppError(401, 'invalid_api_token', 'This API token is not valid: it may have expired or been revoked');

/** The caller behind a token, or a 401 for a token that is unknown, expired or revoked. */
export async function callerOfApiToken(
  db: Executor,
  secret: string,
): Promise<{ user: SessionUser; token: ApiTokenCaller }> {
  const row = await findLiveApiToken(db, hashToken(secret));
  if (!row) throw invalidApiToken();
  // "Last used" is kept to the minute: most calls of a script write nothing.
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_PRECISION_MS)
    await touchApiToken(db, row.id);
  return {
    token: { id: row.id, accountId: row.account_id, access: row.access },
    user: {
      id: row.user_id,
      name: row.name,
      email: row.email,
      emailVerified: row.email_verified,
      image: row.image,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
  };
}

/**
 * Whether a token may make this call (decision 36): the endpoint accepts tokens, a
 * read-only token only reads, and the workspace the request names is the token's (a
 * stranger's 404 otherwise, as for any other workspace the caller cannot see).
 */
export function checkApiTokenUse(token: ApiTokenCaller, use: ApiTokenUse | undefined, namedAccountId: unknown) {
  if (use === undefined) return;
  if (use === 'never')
    throw new AppError(403, 'api_token_not_allowed', 'API tokens cannot be used for this: sign in to Lore instead');
  if (use === 'write' && token.access === 'read')
    throw new AppError(
      403,
      'read_only_token',
      'This API token can only read: create a read-write token to make changes',
    );
  if (namedAccountId !== undefined && namedAccountId !== token.accountId) throw notFound('Account not found');
}
