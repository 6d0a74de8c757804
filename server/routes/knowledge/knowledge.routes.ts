import * as api from '../../../common/api/knowledge';
import { KNOWLEDGE_PAGE_SIZE } from '../../../common/knowledge';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { sanitizeKnowledgeHtml, storedImagePaths } from '../../content/knowledge-html';
import { countKnowledgePdfs } from '../../data/knowledge-pdfs';
import { countCreatedPerWeek, countKnowledge, listKnowledge, listTags } from '../../data/knowledge';
import { loadKnowledge } from '../../data/load-knowledge';
import { readScopeOf, scopeHolds, scopeKey } from '../../data/collection-access';
import { placeForNewItem } from '../../commands/new-item-place';
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
    searchIndexer,
  } = deps;

  return createRouter(deps)
    .openapi(api.listKnowledge, async (c) => {
      const membership = currentMembership(c);
      const { accountId, role } = membership;
      authorize(knowledgePolicy.read, { role });
      const { search, tag: tags, page, sort, exact, collection } = c.req.valid('query');
      // Only the collections the caller sees (decision 35): answers are shared by callers who see the same ones.
      const scope = await readScopeOf(db, membership);
      const answer = async () => {
        const { rows, suggestion, correctedSearch } =
          collection && !scopeHolds(scope, collection)
            ? { rows: [], suggestion: null, correctedSearch: null }
            : search
              ? await keywordSearch(db, { scope, search, tags, page, sort, exact, collectionId: collection })
              : {
                  rows: await listKnowledge(db, { scope, tags, page, collectionId: collection }),
                  suggestion: null,
                  correctedSearch: null,
                };
        const nextPage = rows.length === KNOWLEDGE_PAGE_SIZE ? page + 1 : null;
        return { data: { items: rows.map(presentKnowledgeSummary), page, nextPage, suggestion, correctedSearch } };
      };
      // A search is not kept: an item's index is written after its save's change is announced. It
      // waits for the items saved before it through this process to be indexed (decision 45).
      if (search) {
        await searchIndexer.caughtUp(accountId);
        return c.json(await answer(), 200);
      }
      const question = ['list', scopeKey(scope), tags, page, collection ?? null];
      return c.json(await workspaceReads.read(accountId, question, answer), 200);
    })
    .openapi(api.listKnowledgeTags, async (c) => {
      const scope = await readScopeOf(db, currentMembership(c));
      const answer = async () => ({ data: await listTags(db, scope) });
      return c.json(await workspaceReads.read(scope.accountId, ['tags', scopeKey(scope)], answer), 200);
    })
    .openapi(api.countKnowledge, async (c) => {
      const scope = await readScopeOf(db, currentMembership(c));
      const answer = async () => ({ data: { count: await countKnowledge(db, scope) } });
      return c.json(await workspaceReads.read(scope.accountId, ['count', scopeKey(scope)], answer), 200);
    })
    .openapi(api.weeklyKnowledge, async (c) => {
      const scope = await readScopeOf(db, currentMembership(c));
      const { since, fill } = weeklySeries(new Date(), WEEKS_ON_CHART);
      const answer = async () => ({ data: fill(await countCreatedPerWeek(db, scope, since)) });
      return c.json(await workspaceReads.read(scope.accountId, ['weekly', scopeKey(scope), since], answer), 200);
    })
    .openapi(api.createKnowledge, async (c) => {
      const membership = currentMembership(c);
      const { accountId, userId, role } = membership;
      authorize(knowledgePolicy.write, { role });
      const { collectionId, parentId, ...input } = c.req.valid('json');
      const place = await placeForNewItem(db, await readScopeOf(db, membership), { collectionId, parentId });
      // A retried create (its answer lost) sends the same key and gets the item the first made.
      const row = await createKnowledgeItem(deps, {
        accountId,
        userId,
        ...input,
        ...place,
        idempotencyKey: idempotencyKeyOf(c),
      });
      return c.json({ data: presentKnowledge(row) }, 201);
    })
    .openapi(api.getKnowledge, async (c) => {
      const membership = currentMembership(c);
      const scope = await readScopeOf(db, membership);
      const row = await loadKnowledge(db, scope, c.req.valid('param').knowledgeId);
      authorize(knowledgePolicy.read, membership);
      return c.json({ data: presentKnowledge(row) }, 200);
    })
    .openapi(api.updateKnowledge, async (c) => {
      const membership = currentMembership(c);
      const { accountId, userId, role } = membership;
      const { version: baseVersion, ...changes } = c.req.valid('json');
      const scope = await readScopeOf(db, membership);
      const existing = await loadKnowledge(db, scope, c.req.valid('param').knowledgeId);
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
      const membership = currentMembership(c);
      const { accountId, role } = membership;
      const existing = await loadKnowledge(db, await readScopeOf(db, membership), c.req.valid('param').knowledgeId);
      authorize(knowledgePolicy.delete, { role });
      const { children } = c.req.valid('query');
      const hadPdfs = (await countKnowledgePdfs(db, existing.id)) > 0 || children === 'delete';
      // Its PDF rows go with it (cascade); its pages move up to its parent, or go too.
      const contents = await deleteKnowledgeItem(db, accountId, existing.id, children);
      if (contents === undefined) throw notFound('Knowledge item not found');
      // Not removed here: another item may show the same image (decision 12); PDFs go the same way.
      const showedImages = contents.some((content) => storedImagePaths(content, accountId).length > 0);
      if (hadPdfs || showedImages) await cleanUpImagesLater(db, accountId, logger);
      return c.body(null, 204);
    });
}
