import { secureImageQuerySchema } from '../files';
import { defineEndpoint, errors } from './define';

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
