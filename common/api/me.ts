import { meSchema, profileInputSchema } from '../profile';
import { dataOf, defineEndpoint, errors, jsonBody, ok } from './define';

/** GET /api/me: the signed-in user and their profile. */
export const getMe = defineEndpoint('user', {
  method: 'get',
  path: '/api/me',
  tags: ['Profile'],
  summary: 'The signed-in user',
  responses: { 200: ok(dataOf(meSchema), 'The user and profile') },
});

/** PATCH /api/me/profile: change one's full name. */
export const updateProfile = defineEndpoint('user', {
  method: 'patch',
  path: '/api/me/profile',
  tags: ['Profile'],
  summary: "Change the signed-in user's full name",
  request: { body: jsonBody(profileInputSchema) },
  responses: { 200: ok(dataOf(meSchema), 'The updated user'), ...errors(400) },
});
