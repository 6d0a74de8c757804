import { z } from 'zod';
import { knowledgeRefSchema } from '../knowledge';
import { accountParams } from './accounts';
import { apiErrorSchema, defineEndpoint, errors, ok } from './define';

/**
 * GET .../knowledge/{knowledgeId}/collaboration: the item's live document as a WebSocket (decision 34).
 * Kept out of knowledge.ts, which is in the knowledge list's first load.
 */
export const openCollaboration = defineEndpoint(
  'member',
  {
    method: 'get',
    path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/collaboration',
    tags: ['Knowledge'],
    summary: "Co-edit an item's content live: a WebSocket speaking the Yjs sync protocol",
    description:
      "Open with `Upgrade: websocket` and the session cookie, from Lore's own origin. Messages are binary, each " +
      'starting with a varuint: 0 a y-protocols sync message (step 1, step 2 or an update), 1 an awareness update ' +
      "(the server sets `user` to the signed-in member), 2 (server to client) a varuint count of the client's sync " +
      "messages now stored in the database; 3 (client) asks for the item to be written now, answered 3 once it is. The item's `content`, preview and search index follow the document " +
      'about 2 s after typing stops. Close codes: 4400 malformed, 4401 access ended, 4404 item deleted, 4429 over ' +
      '60 messages a second, 1009 a message over 2 MB, 1012 Lore stopping. Without `Upgrade` the answer is 426. ' +
      'With `?presence=only` (a reader of the article: reading rights are enough), the socket carries awareness ' +
      "alone, with `viewing: true` in the reader's state; any other message closes it (4400).",
    request: {
      params: accountParams.extend({ knowledgeId: knowledgeRefSchema }),
      // A reader of the article, shown to the editors and seeing them; its socket never carries the text.
      query: z.object({ presence: z.enum(['only']).optional() }),
    },
    responses: {
      204: { description: 'Admitted: the server switches protocols (101) and the socket opens' },
      426: ok(apiErrorSchema, 'Not a WebSocket request (no `Upgrade: websocket`)'),
      ...errors(400, 403, 503),
    },
  },
  // A browser's editor, behind its session: an API token edits through PATCH.
  { apiToken: 'never' },
);
