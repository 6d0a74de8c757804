import * as api from '../../../common/api/knowledge-history';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { editKnowledgeItem } from '../../commands/edit-knowledge';
import { nameCurrentVersion } from '../../commands/name-version';
import { findCurrentVersion, findRevision, listRevisions } from '../../data/knowledge-revisions';
import { loadKnowledge } from '../../data/load-knowledge';
import { readScopeOf } from '../../data/collection-access';
import type { Executor } from '../../data/executor';
import { notFound } from '../../errors';
import { authorize } from '../../policies/authorize';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { presentKnowledge } from '../../presenters/knowledge-presenter';
import { presentRevision, presentRevisionSummary } from '../../presenters/revision-presenter';

/** The item's versions, newest first: the current one (with its name, if saved with one), then those kept. */
async function historyOf(db: Executor, accountId: string, knowledgeId: string) {
  const current = await findCurrentVersion(db, accountId, knowledgeId);
  if (!current) throw notFound('Knowledge item not found');
  const kept = await listRevisions(db, accountId, knowledgeId);
  return {
    revisions: [
      presentRevisionSummary(current, true),
      // A name given to the current version is a row of its own; it is shown on the current entry.
      ...kept.filter((row) => row.version !== current.version).map((row) => presentRevisionSummary(row, false)),
    ],
  };
}

/** /api/accounts/:accountId/knowledge/:knowledgeId/revisions: an item's history, and restoring from it (decision 31). */
export function knowledgeHistoryRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter(deps)
    .openapi(api.listRevisions, async (c) => {
      const { accountId, role } = currentMembership(c);
      const item = await loadKnowledge(
        db,
        await readScopeOf(db, currentMembership(c)),
        c.req.valid('param').knowledgeId,
      );
      authorize(knowledgePolicy.readHistory, { role });
      return c.json({ data: await historyOf(db, accountId, item.id) }, 200);
    })
    .openapi(api.getRevision, async (c) => {
      const { accountId, role } = currentMembership(c);
      const { knowledgeId, version } = c.req.valid('param');
      const item = await loadKnowledge(db, await readScopeOf(db, currentMembership(c)), knowledgeId);
      authorize(knowledgePolicy.readHistory, { role });
      const current = version === item.version;
      const row = current
        ? await findCurrentVersion(db, accountId, item.id)
        : await findRevision(db, accountId, item.id, version);
      if (!row) throw notFound('This version of the item was not found');
      return c.json({ data: presentRevision(row, current) }, 200);
    })
    .openapi(api.restoreRevision, async (c) => {
      const { accountId, userId, role } = currentMembership(c);
      const { knowledgeId, version } = c.req.valid('param');
      const item = await loadKnowledge(db, await readScopeOf(db, currentMembership(c)), knowledgeId);
      authorize(knowledgePolicy.restore, { role });
      const revision = await findRevision(db, accountId, item.id, version);
      if (!revision) throw notFound('This version of the item was not found');
      const row = await editKnowledgeItem(deps, {
        accountId,
        knowledgeId: item.id,
        editorId: userId,
        changes: { title: revision.title, content: revision.content, tags: revision.tags },
        baseVersion: c.req.valid('json').version,
        restoredFrom: version,
      });
      return c.json({ data: presentKnowledge(row) }, 200);
    })
    .openapi(api.nameCurrentVersion, async (c) => {
      const { accountId, role } = currentMembership(c);
      const item = await loadKnowledge(
        db,
        await readScopeOf(db, currentMembership(c)),
        c.req.valid('param').knowledgeId,
      );
      authorize(knowledgePolicy.write, { role });
      const { name, version } = c.req.valid('json');
      await nameCurrentVersion(db, { accountId, knowledgeId: item.id, name, baseVersion: version });
      return c.json({ data: await historyOf(db, accountId, item.id) }, 200);
    });
}
