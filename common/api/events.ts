import { z } from 'zod';
import { defineEndpoint, errors } from './define';

/**
 * GET /api/events: the signed-in user's live changes, as server-sent events
 * (decision 19): `ready` once open, then `change` (the account, table, row and
 * operation of each committed change in the user's accounts, never its
 * content), or `refresh` when the page should fetch everything again. Each
 * carries an id; a page that reconnects sends the last one it saw as
 * `Last-Event-ID` and gets what it missed. A comment line every 30 s keeps it alive.
 */
export const streamEvents = defineEndpoint('user', {
  method: 'get',
  path: '/api/events',
  tags: ['Live'],
  summary:
    'Live changes of your accounts: `ready`, `change` ({accountId, table, rowId, op}) and `refresh` events; resume with Last-Event-ID',
  request: {
    headers: z.object({
      'last-event-id': z.string().max(100).optional().describe('The id of the last event the page saw'),
    }),
  },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    ...errors(429, 503),
  },
});
