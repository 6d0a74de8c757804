import * as api from '../../../common/api/stars';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { deleteStar, insertStar, listStars } from '../../data/knowledge-stars';
import { loadKnowledge } from '../../data/load-knowledge';
import { readScopeOf } from '../../data/collection-access';
import { reorderStars } from './star-positions';
import { STARS_MAX, STAR_MESSAGES } from '../../../common/stars';
import { badRequest } from '../../errors';

/** The caller's own stars: /api/accounts/:accountId/stars and the spec's POST /api/updateStarPositions. */
export function starsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter(deps)
    .openapi(api.listStars, async (c) => {
      const membership = currentMembership(c);
      const scope = await readScopeOf(db, membership);
      return c.json({ data: await listStars(db, scope, membership.userId) }, 200);
    })
    .openapi(api.starKnowledge, async (c) => {
      const membership = currentMembership(c);
      const { accountId, userId } = membership;
      const scope = await readScopeOf(db, membership);
      const item = await loadKnowledge(db, scope, c.req.valid('json').knowledgeId);
      if (!(await insertStar(db, { knowledgeId: item.id, accountId, userId }, STARS_MAX))) {
        throw badRequest(STAR_MESSAGES.tooMany);
      }
      return c.json({ data: await listStars(db, scope, userId) }, 201);
    })
    .openapi(api.unstarKnowledge, async (c) => {
      const membership = currentMembership(c);
      const { accountId, userId } = membership;
      const scope = await readScopeOf(db, membership);
      const item = await loadKnowledge(db, scope, c.req.valid('param').knowledgeId);
      await deleteStar(db, { knowledgeId: item.id, accountId, userId });
      return c.json({ data: await listStars(db, scope, userId) }, 200);
    })
    .openapi(api.updateStarPositions, async (c) => {
      const owner = currentMembership(c);
      const updated = await reorderStars(db, owner, c.req.valid('json').updates);
      return c.json({ success: true as const, updated }, 200);
    });
}
