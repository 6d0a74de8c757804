import { z } from 'zod';
import { AVATAR_SIZE, AVATAR_URL_INVALID_MESSAGE } from '../avatars';
import { AVATARS_BUCKET, MAX_IMAGE_BYTES, STORED_PATH } from '../files';
import { meSchema } from '../profile';
import { dataOf, defineEndpoint, errors, ok } from './define';

/** `?bucket&path&token&expires` of a signed avatar URL. */
export const avatarImageQuerySchema = z.object({
  bucket: z.enum([AVATARS_BUCKET], { error: 'Unknown bucket' }),
  path: z.string({ error: 'A file path is required' }).regex(STORED_PATH, 'Invalid file path'),
  token: z.string({ error: AVATAR_URL_INVALID_MESSAGE }).regex(/^[A-Za-z0-9_-]{43}$/, AVATAR_URL_INVALID_MESSAGE),
  expires: z.string({ error: AVATAR_URL_INVALID_MESSAGE }).regex(/^\d{1,12}$/, AVATAR_URL_INVALID_MESSAGE),
});
export type AvatarImageQuery = z.infer<typeof avatarImageQuerySchema>;

/** One person's avatar as a signed URL, or null when they have none. */
export const userAvatarSchema = z.object({ avatar_url: z.string().nullable() });

const tags = ['Profile'];

/** POST /api/me/avatar: sets the signed-in user's avatar (multipart field `file`), replacing the old one. */
export const uploadAvatar = defineEndpoint('user', {
  method: 'post',
  path: '/api/me/avatar',
  tags,
  summary: `Upload one's avatar (multipart field \`file\`; PNG, JPEG, GIF or WebP; at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB; kept at most ${AVATAR_SIZE} px square)`,
  request: {
    // A plain schema, not zod: documented here, read and checked by content in the route.
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
        },
      },
    },
  },
  responses: { 200: ok(dataOf(meSchema), 'The user, with the new avatar'), ...errors(400, 413, 415) },
});

/** DELETE /api/me/avatar: removes the signed-in user's avatar and its file. */
export const removeAvatar = defineEndpoint('user', {
  method: 'delete',
  path: '/api/me/avatar',
  tags,
  summary: "Remove one's avatar",
  responses: { 200: ok(dataOf(meSchema), 'The user, without an avatar') },
});

/** GET /api/users/:userId/avatar: a fresh signed URL of someone's avatar, for themselves and those who share a workspace with them. */
export const getUserAvatar = defineEndpoint('user', {
  method: 'get',
  path: '/api/users/{userId}/avatar',
  tags,
  summary: "A person's avatar as a signed URL (7 days); only for them and members of a workspace they are in",
  request: { params: z.object({ userId: z.uuid({ error: 'User not found' }) }) },
  responses: { 200: ok(dataOf(userAvatarSchema), 'The signed URL, or null'), ...errors(400, 404) },
});

/** GET /api/avatarImage?bucket=avatars&path&token&expires: the file a signed avatar URL names, while it is valid. */
export const getAvatarImage = defineEndpoint('user', {
  method: 'get',
  path: '/api/avatarImage',
  tags,
  summary: 'An avatar by its signed URL; refused once expired or when the token does not match',
  request: { query: avatarImageQuerySchema },
  responses: {
    200: {
      description: 'The image, with its real type',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    ...errors(400, 403, 404),
  },
});
