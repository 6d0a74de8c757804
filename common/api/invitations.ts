import { z } from 'zod';
import { acceptInvitationSchema, invitationsQuerySchema, inviteReferenceSchema, myInvitationsSchema } from '../members';
import { dataOf, defineEndpoint, errors, jsonBody, ok, successSchema } from './define';

const tags = ['Invitations'];

/** GET /api/invitations?token: the caller's open invitations, and what an e-mailed token says. */
export const listMyInvitations = defineEndpoint('user', {
  method: 'get',
  path: '/api/invitations',
  tags,
  summary: "The signed-in user's open invitations",
  request: { query: invitationsQuerySchema },
  responses: { 200: ok(dataOf(myInvitationsSchema), 'The invitations'), ...errors(400) },
});

/** POST /api/acceptInvitation (spec section 7): join the account with the invited role. */
export const acceptInvitation = defineEndpoint('user', {
  method: 'post',
  path: '/api/acceptInvitation',
  tags,
  summary: 'Accept an invitation addressed to the caller',
  request: { body: jsonBody(acceptInvitationSchema) },
  responses: {
    200: ok(successSchema.extend({ data: z.object({ account_id: z.uuid() }) }), 'Joined'),
    ...errors(400, 403, 404),
  },
});

/** POST /api/declineInvitation: decline an invitation addressed to the caller. */
export const declineInvitation = defineEndpoint('user', {
  method: 'post',
  path: '/api/declineInvitation',
  tags,
  summary: 'Decline an invitation addressed to the caller',
  request: { body: jsonBody(inviteReferenceSchema) },
  responses: { 200: ok(successSchema, 'Declined'), ...errors(400, 403, 404) },
});
