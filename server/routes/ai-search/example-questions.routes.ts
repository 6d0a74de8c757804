import * as api from '../../../common/api/ai-search';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { listExampleQuestions } from '../../data/item-descriptions';
import { authorize } from '../../policies/authorize';
import { knowledgePolicy } from '../../policies/knowledge-policy';

/** GET /api/accounts/:accountId/example-questions: questions the items answer, twice as many as shown, for the page to shuffle. */
export function exampleQuestionsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter(deps).openapi(api.listExampleQuestions, async (c) => {
    const { accountId, role } = currentMembership(c);
    authorize(knowledgePolicy.read, { role });
    const { count } = c.req.valid('query');
    return c.json({ data: await listExampleQuestions(db, accountId, count * 2) }, 200);
  });
}
