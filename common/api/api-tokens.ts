import { z } from 'zod';
import { apiTokenParamsSchema, apiTokenSchema, createApiTokenSchema, createdApiTokenSchema } from '../api-tokens';
import { dataOf, defineEndpoint, errors, jsonBody, ok, successSchema } from './define';

const tags = ['API tokens'];

/** GET /api/me/api-tokens: the caller's tokens, newest first, without their secrets. */
export const listApiTokens = defineEndpoint('user', {
  method: 'get',
  path: '/api/me/api-tokens',
  tags,
  summary: "The signed-in user's API tokens (never their secrets)",
  responses: { 200: ok(dataOf(z.array(apiTokenSchema)), 'Newest first') },
});

/**
 * POST /api/me/api-tokens: a token for one of the caller's workspaces (the
 * membership guard checks `accountId`). Its secret is in this answer only.
 */
export const createApiToken = defineEndpoint(
  'member',
  {
    method: 'post',
    path: '/api/me/api-tokens',
    tags,
    summary: 'Create an API token, sent as `Authorization: Bearer <secret>`; the secret is shown once',
    request: { body: jsonBody(createApiTokenSchema) },
    responses: { 201: ok(dataOf(createdApiTokenSchema), 'The token and its secret'), ...errors(400, 409) },
  },
  { apiToken: 'never' },
);

/** DELETE /api/me/api-tokens/{tokenId}: revokes one of the caller's tokens at once. */
export const revokeApiToken = defineEndpoint('user', {
  method: 'delete',
  path: '/api/me/api-tokens/{tokenId}',
  tags,
  summary: "Revoke one of the signed-in user's API tokens",
  request: { params: apiTokenParamsSchema },
  responses: { 200: ok(successSchema, 'Revoked'), ...errors(400, 404) },
});
