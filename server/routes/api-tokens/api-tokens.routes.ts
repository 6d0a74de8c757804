import * as api from '../../../common/api/api-tokens';
import { MAX_API_TOKENS, type ApiTokenDto } from '../../../common/api-tokens';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { mintApiToken } from '../../auth/api-tokens';
import { currentMembership, currentUser } from '../../auth/guards';
import { countApiTokens, deleteApiToken, insertApiToken, listApiTokens, type ApiTokenRow } from '../../data/api-tokens';
import { conflict, notFound } from '../../errors';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const presentApiToken = (row: ApiTokenRow): ApiTokenDto => ({
  id: row.id,
  name: row.name,
  accountId: row.account_id,
  accountName: row.account_name,
  access: row.access,
  start: row.token_start,
  createdAt: iso(row.created_at)!,
  expiresAt: iso(row.expires_at),
  lastUsedAt: iso(row.last_used_at),
});

/** A person's API tokens (decision 36): listed without secrets, created for one of their workspaces, revoked. */
export function apiTokensRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter(deps)
    .openapi(api.listApiTokens, async (c) => {
      const rows = await listApiTokens(db, currentUser(c).id);
      return c.json({ data: rows.map(presentApiToken) }, 200);
    })
    .openapi(api.createApiToken, async (c) => {
      const input = c.req.valid('json');
      const { userId, accountId } = currentMembership(c);
      if ((await countApiTokens(db, userId)) >= MAX_API_TOKENS) {
        throw conflict(`You have ${MAX_API_TOKENS} API tokens: revoke one to create another`, 'too_many_api_tokens');
      }
      const { secret, hash, start } = mintApiToken();
      const id = await insertApiToken(db, {
        userId,
        accountId,
        name: input.name,
        access: input.access,
        tokenHash: hash,
        tokenStart: start,
        expiresInDays: input.expiresInDays,
      });
      const created = (await listApiTokens(db, userId)).find((row) => row.id === id)!;
      return c.json({ data: { token: presentApiToken(created), secret } }, 201);
    })
    .openapi(api.revokeApiToken, async (c) => {
      const { tokenId } = c.req.valid('param');
      if (!(await deleteApiToken(db, tokenId, currentUser(c).id))) throw notFound('API token not found');
      return c.json({ success: true as const }, 200);
    });
}
