import { z } from 'zod';
import { accountInputSchema, accountSchema, accountStatsSchema } from '../accounts';
import { dataOf, defineEndpoint, errors, jsonBody, ok } from './define';

/** The account named in the path; the membership guard checks it. */
export const accountParams = z.object({ accountId: z.string() });

/** GET /api/accounts: the caller's workspaces. */
export const listAccounts = defineEndpoint('user', {
  method: 'get',
  path: '/api/accounts',
  tags: ['Accounts'],
  summary: "The caller's accounts, with their role in each",
  responses: { 200: ok(dataOf(z.array(accountSchema)), 'The accounts') },
});

/** POST /api/accounts: a new workspace owned by the caller. */
export const createAccount = defineEndpoint('user', {
  method: 'post',
  path: '/api/accounts',
  tags: ['Accounts'],
  summary: 'Create an account owned by the caller',
  request: { body: jsonBody(accountInputSchema) },
  responses: { 201: ok(dataOf(accountSchema), 'The new account'), ...errors(400) },
});

/** GET /api/accounts/{accountId}. */
export const getAccount = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}',
  tags: ['Accounts'],
  summary: 'One account, with what the caller may do to it',
  request: { params: accountParams },
  responses: { 200: ok(dataOf(accountSchema), 'The account') },
});

/** PATCH /api/accounts/{accountId}: rename (owners and admins). */
export const renameAccount = defineEndpoint('member', {
  method: 'patch',
  path: '/api/accounts/{accountId}',
  tags: ['Accounts'],
  summary: 'Rename an account (owners and admins)',
  request: { params: accountParams, body: jsonBody(accountInputSchema) },
  responses: { 200: ok(dataOf(accountSchema), 'The renamed account'), ...errors(400, 403) },
});

/** DELETE /api/accounts/{accountId}: the owner deletes the account and everything in it; never with an API token. */
export const deleteAccount = defineEndpoint(
  'member',
  {
    method: 'delete',
    path: '/api/accounts/{accountId}',
    tags: ['Accounts'],
    summary: 'Delete an account with its items (owner only)',
    request: { params: accountParams },
    responses: { 204: { description: 'Deleted' }, ...errors(403) },
  },
  { apiToken: 'never' },
);

/** GET /api/accounts/{accountId}/stats: figures for the dashboard. */
export const getAccountStats = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/stats',
  tags: ['Accounts'],
  summary: "The account's member count",
  request: { params: accountParams },
  responses: { 200: ok(dataOf(accountStatsSchema), 'The figures') },
});
