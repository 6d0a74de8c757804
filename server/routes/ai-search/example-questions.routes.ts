import * as api from '../../../common/api/ai-search';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { listExampleQuestions } from '../../data/item-descriptions';
import { readScopeOf } from '../../data/collection-access';
import { authorize } from '../../policies/authorize';
import { knowledgePolicy } from '../../policies/knowledge-policy';

/** GET /api/accounts/:accountId/example-questions: questions the items answer, twice as many as shown, for the page to shuffle. */
export function exampleQuestionsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter(deps).openapi(api.listExampleQuestions, async (c) => {
    const membership = currentMembership(c);
    authorize(knowledgePolicy.read, membership);
    const { count } = c.req.valid('query');
    const scope = await readScopeOf(db, membership);
    return c.json({ data: await listExampleQuestions(db, scope, count * 2) }, 200);
  });
}
