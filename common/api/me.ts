import { meSchema, profileInputSchema } from '../profile';
import { dataOf, defineEndpoint, errors, jsonBody, ok } from './define';

/** GET /api/me: the signed-in user and their profile (an API token's owner, for a token). */
export const getMe = defineEndpoint(
  'user',
  {
    method: 'get',
    path: '/api/me',
    tags: ['Profile'],
    summary: 'The signed-in user',
    responses: { 200: ok(dataOf(meSchema), 'The user and profile') },
  },
  { apiToken: 'read' },
);

/** PATCH /api/me/profile: change one's full name. */
export const updateProfile = defineEndpoint('user', {
  method: 'patch',
  path: '/api/me/profile',
  tags: ['Profile'],
  summary: "Change the signed-in user's full name",
  request: { body: jsonBody(profileInputSchema) },
  responses: { 200: ok(dataOf(meSchema), 'The updated user'), ...errors(400) },
});

/** POST /api/me/name-prompt/skip: the person chose not to give a name when asked; they are not asked again. */
export const skipNamePrompt = defineEndpoint('user', {
  method: 'post',
  path: '/api/me/name-prompt/skip',
  tags: ['Profile'],
  summary: 'Stop asking the signed-in user for a name',
  responses: { 200: ok(dataOf(meSchema), 'The user, no longer asked for a name') },
});
