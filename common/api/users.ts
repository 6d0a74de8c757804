import {
  accountUsersQuerySchema,
  accountUsersSchema,
  cancelInviteQuerySchema,
  inviteUserSchema,
  pendingInviteSchema,
  removeUserQuerySchema,
  removeUserResultSchema,
  transferOwnershipSchema,
  updateUserRoleSchema,
} from '../members';
import { dataOf, defineEndpoint, errors, jsonBody, ok, successSchema } from './define';

const tags = ['Members (spec endpoints)'];

/** GET /api/getAccountUsers?accountId: members, open invitations and the caller's abilities. */
export const getAccountUsers = defineEndpoint('member', {
  method: 'get',
  path: '/api/getAccountUsers',
  tags,
  summary: "The account's members and (for owners and admins) open invitations",
  request: { query: accountUsersQuerySchema },
  responses: { 200: ok(dataOf(accountUsersSchema), 'The users page'), ...errors(400) },
});

/** POST /api/inviteUser: invite an address (owners and admins); the link is e-mailed. */
export const inviteUser = defineEndpoint('member', {
  method: 'post',
  path: '/api/inviteUser',
  tags,
  summary: 'Invite someone by e-mail (owners and admins; admins only by owners and admins)',
  request: { body: jsonBody(inviteUserSchema) },
  responses: {
    201: ok(successSchema.extend({ data: pendingInviteSchema }), 'The invitation'),
    ...errors(400, 403, 409, 502),
  },
});

/** DELETE /api/removeUser?userId&accountId: remove a member, or leave when it is the caller. */
export const removeUser = defineEndpoint('member', {
  method: 'delete',
  path: '/api/removeUser',
  tags,
  summary: 'Remove a member, or leave the account (an owner who leaves hands ownership on)',
  request: { query: removeUserQuerySchema },
  responses: { 200: ok(successSchema.extend({ data: removeUserResultSchema }), 'Removed'), ...errors(400, 403) },
});

/** DELETE /api/cancelInvite?inviteId&accountId (owners and admins). */
export const cancelInvite = defineEndpoint('member', {
  method: 'delete',
  path: '/api/cancelInvite',
  tags,
  summary: 'Cancel an open invitation (owners and admins)',
  request: { query: cancelInviteQuerySchema },
  responses: { 200: ok(successSchema, 'Cancelled'), ...errors(400, 403) },
});

/** PUT /api/updateUserRole: the owner makes a member an admin or back. */
export const updateUserRole = defineEndpoint('member', {
  method: 'put',
  path: '/api/updateUserRole',
  tags,
  summary: "Change a member's role (owner only)",
  request: { body: jsonBody(updateUserRoleSchema) },
  responses: { 200: ok(successSchema, 'Changed'), ...errors(400, 403) },
});

/** PUT /api/transferOwnership: the owner hands ownership to another member; never with an API token. */
export const transferOwnership = defineEndpoint(
  'member',
  {
    method: 'put',
    path: '/api/transferOwnership',
    tags,
    summary: 'Transfer ownership to another member (owner only)',
    request: { body: jsonBody(transferOwnershipSchema) },
    responses: { 200: ok(successSchema, 'Transferred'), ...errors(400, 403) },
  },
  { apiToken: 'never' },
);
