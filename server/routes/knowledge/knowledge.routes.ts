import * as api from '../../../common/api/knowledge';
import { KNOWLEDGE_PAGE_SIZE } from '../../../common/knowledge';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { sanitizeKnowledgeHtml, storedImagePaths } from '../../content/knowledge-html';
import { countKnowledgePdfs } from '../../data/knowledge-pdfs';
import { countCreatedPerWeek, countKnowledge, listKnowledge, listTags } from '../../data/knowledge';
import { loadKnowledge } from '../../data/load-knowledge';
import { keywordSearch } from '../../search/keyword-search';
import { createKnowledgeItem } from '../../commands/create-knowledge';
import { deleteKnowledgeItem } from '../../commands/delete-knowledge';
import { editKnowledgeItem } from '../../commands/edit-knowledge';
import { cleanUpImagesLater } from '../../jobs/clean-up-images';
import { weeklySeries } from './weekly-series';
import { notFound } from '../../errors';
import { authorize } from '../../policies/authorize';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { presentKnowledge, presentKnowledgeSummary } from '../../presenters/knowledge-presenter';
import { idempotencyKeyOf } from '../../api/idempotency-key';

const WEEKS_ON_CHART = 12;

/** /api/accounts/:accountId/knowledge: the account's items, their tags and counts. */
export function knowledgeRoutes(deps: AppDeps) {
  const {
    database: { db },
    logger,
    workspaceReads,
  } = deps;

  return createRouter(deps)
    .openapi(api.listKnowledge, async (c) => {
      const { accountId, role } = currentMembership(c);
      authorize(knowledgePolicy.read, { role });
      const { search, tag: tags, page, sort, exact } = c.req.valid('query');
      const answer = async () => {
        const { rows, suggestion, correctedSearch } = search
          ? await keywordSearch(db, { accountId, search, tags, page, sort, exact })
          : { rows: await listKnowledge(db, { accountId, tags, page }), suggestion: null, correctedSearch: null };
        const nextPage = rows.length === KNOWLEDGE_PAGE_SIZE ? page + 1 : null;
        return { data: { items: rows.map(presentKnowledgeSummary), page, nextPage, suggestion, correctedSearch } };
      };
      // A search is not kept: an item's index is written after its save's change is announced.
      return c.json(search ? await answer() : await workspaceReads.read(accountId, ['list', tags, page], answer), 200);
    })
    .openapi(api.listKnowledgeTags, async (c) => {
      const { accountId } = currentMembership(c);
      const answer = async () => ({ data: await listTags(db, accountId) });
      return c.json(await workspaceReads.read(accountId, ['tags'], answer), 200);
    })
    .openapi(api.countKnowledge, async (c) => {
      const { accountId } = currentMembership(c);
      const answer = async () => ({ data: { count: await countKnowledge(db, accountId) } });
      return c.json(await workspaceReads.read(accountId, ['count'], answer), 200);
    })
    .openapi(api.weeklyKnowledge, async (c) => {
      const { accountId } = currentMembership(c);
      const { since, fill } = weeklySeries(new Date(), WEEKS_ON_CHART);
      const answer = async () => ({ data: fill(await countCreatedPerWeek(db, accountId, since)) });
      return c.json(await workspaceReads.read(accountId, ['weekly', since], answer), 200);
    })
    .openapi(api.createKnowledge, async (c) => {
      const { accountId, userId, role } = currentMembership(c);
      authorize(knowledgePolicy.write, { role });
      const input = c.req.valid('json');
      // A retried create (its answer lost) sends the same key and gets the item the first made.
      const row = await createKnowledgeItem(deps, { accountId, userId, ...input, idempotencyKey: idempotencyKeyOf(c) });
      return c.json({ data: presentKnowledge(row) }, 201);
    })
    .openapi(api.getKnowledge, async (c) => {
      const { accountId, role } = currentMembership(c);
      const row = await loadKnowledge(db, accountId, c.req.valid('param').knowledgeId);
      authorize(knowledgePolicy.read, { role });
      return c.json({ data: presentKnowledge(row) }, 200);
    })
    .openapi(api.updateKnowledge, async (c) => {
      const { accountId, userId, role } = currentMembership(c);
      const { version: baseVersion, ...changes } = c.req.valid('json');
      const existing = await loadKnowledge(db, accountId, c.req.valid('param').knowledgeId);
      authorize(knowledgePolicy.write, { role });
      const content = changes.content === undefined ? undefined : sanitizeKnowledgeHtml(changes.content, accountId);
      const row = await editKnowledgeItem(deps, {
        accountId,
        knowledgeId: existing.id,
        editorId: userId,
        changes: { ...changes, content },
        baseVersion,
      });
      return c.json({ data: presentKnowledge(row) }, 200);
    })
    .openapi(api.deleteKnowledge, async (c) => {
      const { accountId, role } = currentMembership(c);
      const existing = await loadKnowledge(db, accountId, c.req.valid('param').knowledgeId);
      authorize(knowledgePolicy.delete, { role });
      const hadPdfs = (await countKnowledgePdfs(db, existing.id)) > 0;
      // Its PDF rows go with it (cascade).
      const content = await deleteKnowledgeItem(db, accountId, existing.id);
      if (content === undefined) throw notFound('Knowledge item not found');
      // Not removed here: another item may show the same image (decision 12); PDFs go the same way.
      if (hadPdfs || storedImagePaths(content, accountId).length > 0) await cleanUpImagesLater(db, accountId, logger);
      return c.body(null, 204);
    });
}
