import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { STAR_MESSAGES } from '../../../common/stars';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireMembership } from '../../auth/membership-middleware';
import { deleteStar, insertStar, listStars } from '../../data/knowledge-stars';
import { unauthenticated } from '../../errors';
import { parseInput, readJson } from '../../validation';
import { loadKnowledge } from '../knowledge/load-knowledge';

/** 401 with the spec's wording for the star action when nobody is signed in. */
export const requireUserFor =
  (message: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!c.get('user')) throw unauthenticated(message);
    await next();
  };

const starInputSchema = z.object({ knowledgeId: z.string({ error: 'Knowledge ID is required' }).min(1, 'Knowledge ID is required') });

/** /api/accounts/:accountId/stars: the caller's own stars in the account. */
export function starsRoutes({ database: { db } }: AppDeps) {
  const member = requireMembership(db);
  const present = (accountId: string, userId: string) => listStars(db, accountId, userId);

  return new Hono<AppEnv>()
    .get('/', requireUserFor(STAR_MESSAGES.list), member, async (c) => {
      const { accountId, userId } = c.get('membership');
      return c.json({ data: await present(accountId, userId) });
    })
    .post('/', requireUserFor(STAR_MESSAGES.star), member, async (c) => {
      const { accountId, userId } = c.get('membership');
      const { knowledgeId } = parseInput(starInputSchema, await readJson(c));
      const item = await loadKnowledge(db, accountId, knowledgeId);
      await insertStar(db, { knowledgeId: item.id, accountId, userId });
      return c.json({ data: await present(accountId, userId) }, 201);
    })
    .delete('/:knowledgeId', requireUserFor(STAR_MESSAGES.unstar), member, async (c) => {
      const { accountId, userId } = c.get('membership');
      const item = await loadKnowledge(db, accountId, c.req.param('knowledgeId'));
      await deleteStar(db, { knowledgeId: item.id, accountId, userId });
      return c.json({ data: await present(accountId, userId) });
    });
}
