import { z } from 'zod';
import { aiSearchRequestSchema, exampleQuestionsQuerySchema } from '../ai-search';
import { accountParams } from './accounts';
import { dataOf, defineEndpoint, errors, jsonBody, ok } from './define';

const tags = ['AI search'];

/**
 * POST /api/aiKnowledgeSearch (spec section 7): a question answered from the
 * account's items, as a stream of server-sent events. A non-member gets 403,
 * as the spec says, so access is checked by the route rather than the guard.
 */
export const aiKnowledgeSearch = defineEndpoint(
  'user',
  {
    method: 'post',
    path: '/api/aiKnowledgeSearch',
    tags,
    summary:
      'Ask a question: `start` (knowledgeMap), `update` (related items), unnamed data events with `text` chunks and the final `rawMarkdown`, then `done`; or `error`. ' +
      'A `notice` (reason `model_timeout` or `model_error`, message, restart) says the answer after it comes from the items because the model failed or was too slow; with `restart: true` the text before it is withdrawn',
    request: { body: jsonBody(aiSearchRequestSchema) },
    responses: {
      200: {
        description: 'An event stream',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
      ...errors(400, 403, 404),
    },
  },
  // It changes nothing: a read-only API token may ask.
  { unauthenticatedMessage: 'User not authenticated. Please log in again.', apiToken: 'read' },
);

/** GET .../example-questions: questions the account's items answer, up to twice `count` for the page to shuffle. */
export const listExampleQuestions = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/example-questions',
  tags,
  summary: 'Questions the items answer (their AI question), at most twice `count`',
  request: { params: accountParams, query: exampleQuestionsQuerySchema },
  responses: { 200: ok(dataOf(z.array(z.string())), 'The questions'), ...errors(400) },
});
