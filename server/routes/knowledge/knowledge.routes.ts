import { Hono } from 'hono';
import { KNOWLEDGE_IMAGES_BUCKET } from '../../../common/files';
import { KNOWLEDGE_PAGE_SIZE, knowledgeInputSchema, knowledgeListQuerySchema, knowledgeUpdateSchema } from '../../../common/knowledge';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireMembership } from '../../auth/membership-middleware';
import { requireUser } from '../../auth/session-middleware';
import { sanitizeKnowledgeHtml, storedImagePaths } from '../../content/knowledge-html';
import { countCreatedPerWeek, countKnowledge, deleteKnowledge, insertKnowledge, listKnowledge, listTags, updateKnowledge } from '../../data/knowledge';
import { forbidden, notFound } from '../../errors';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { presentKnowledge, presentKnowledgeSummary } from '../../presenters/knowledge-presenter';
import { parseInput, readJson } from '../../validation';
import { loadKnowledge } from './load-knowledge';
import { weeklySeries } from './weekly-series';

const WEEKS_ON_CHART = 12;

/** /api/accounts/:accountId/knowledge: the account's items, their tags and counts. */
export function knowledgeRoutes({ database: { db }, files, logger }: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser, requireMembership(db))
    .get('/', async (c) => {
      const { accountId } = c.get('membership');
      const filter = parseInput(knowledgeListQuerySchema, {
        search: c.req.query('search'),
        tags: c.req.queries('tag') ?? [],
        page: c.req.query('page'),
      });
      const rows = await listKnowledge(db, { accountId, ...filter });
      const nextPage = rows.length === KNOWLEDGE_PAGE_SIZE ? filter.page + 1 : null;
      return c.json({ data: { items: rows.map(presentKnowledgeSummary), page: filter.page, nextPage } });
    })
    .get('/tags', async (c) => c.json({ data: await listTags(db, c.get('membership').accountId) }))
    .get('/count', async (c) => c.json({ data: { count: await countKnowledge(db, c.get('membership').accountId) } }))
    .get('/weekly', async (c) => {
      const now = new Date();
      const { since, fill } = weeklySeries(now, WEEKS_ON_CHART);
      return c.json({ data: fill(await countCreatedPerWeek(db, c.get('membership').accountId, since)) });
    })
    .post('/', async (c) => {
      const { accountId, userId, role } = c.get('membership');
      const input = parseInput(knowledgeInputSchema, await readJson(c));
      if (!knowledgePolicy.write(role)) throw forbidden();
      const row = await insertKnowledge(db, { accountId, userId, ...input, content: sanitizeKnowledgeHtml(input.content) });
      return c.json({ data: presentKnowledge(row) }, 201);
    })
    .get('/:knowledgeId', async (c) => {
      const { accountId, role } = c.get('membership');
      const row = await loadKnowledge(db, accountId, c.req.param('knowledgeId'));
      if (!knowledgePolicy.read(role)) throw forbidden();
      return c.json({ data: presentKnowledge(row) });
    })
    .patch('/:knowledgeId', async (c) => {
      const { accountId, role } = c.get('membership');
      const changes = parseInput(knowledgeUpdateSchema, await readJson(c));
      const existing = await loadKnowledge(db, accountId, c.req.param('knowledgeId'));
      if (!knowledgePolicy.write(role)) throw forbidden();
      const content = changes.content === undefined ? undefined : sanitizeKnowledgeHtml(changes.content);
      const row = await updateKnowledge(db, accountId, existing.id, { ...changes, content });
      if (!row) throw notFound('Knowledge item not found');
      return c.json({ data: presentKnowledge(row) });
    })
    .delete('/:knowledgeId', async (c) => {
      const { accountId, role } = c.get('membership');
      const existing = await loadKnowledge(db, accountId, c.req.param('knowledgeId'));
      if (!knowledgePolicy.delete(role)) throw forbidden();
      const content = await deleteKnowledge(db, accountId, existing.id);
      if (content === undefined) throw notFound('Knowledge item not found');
      const images = storedImagePaths(content, accountId);
      // The item is gone either way; a file left behind is only logged.
      await files.remove(KNOWLEDGE_IMAGES_BUCKET, images).catch((error) => logger.warn({ err: error, images }, 'Could not remove images'));
      return c.body(null, 204);
    });
}
