import { z } from 'zod';
import { KNOWLEDGE_IMAGES_BUCKET, KNOWLEDGE_PDFS_BUCKET, STORED_PATH } from '../files';
import { defineEndpoint, errors } from './define';

/** `?bucket&path` of /api/secureImage. */
export const secureImageQuerySchema = z.object({
  // Avatars are not an account's files: they are served by signed URLs (common/avatars.ts).
  bucket: z.enum([KNOWLEDGE_IMAGES_BUCKET, KNOWLEDGE_PDFS_BUCKET], { error: 'Unknown bucket' }),
  path: z.string({ error: 'A file path is required' }).regex(STORED_PATH, 'Invalid file path'),
});

/** GET /api/secureImage?bucket&path (spec section 7): a stored file, to members of the account that owns it. */
export const getSecureImage = defineEndpoint('member', {
  method: 'get',
  path: '/api/secureImage',
  tags: ['Files'],
  summary: 'A stored file; its path starts with the id of the account it belongs to',
  request: { query: secureImageQuerySchema },
  responses: {
    200: {
      description: 'The file, with its real type (images inline, anything else as an attachment)',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    ...errors(400),
  },
});
