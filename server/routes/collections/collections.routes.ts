import * as api from '../../../common/api/collections';
import { SAY_WHERE_ITEMS_GO } from '../../../common/collections';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { deleteCollectionWithItems } from '../../commands/delete-collection';
import { moveKnowledgeItem } from '../../commands/move-knowledge';
import { readScopeOf, type ReadScope } from '../../data/collection-access';
import type { Role } from '../../db/types';
import {
  findCollection,
  insertCollection,
  listCollections,
  listTreeItems,
  reorderCollections,
  replaceCollectionMembers,
  updateCollection,
  workspaceMembersAmong,
} from '../../data/collections';
import { findKnowledge } from '../../data/knowledge';
import { loadKnowledge } from '../../data/load-knowledge';
import type { Executor } from '../../data/executor';
import { badRequest, notFound } from '../../errors';
import { cleanUpImagesLater } from '../../jobs/clean-up-images';
import { authorize } from '../../policies/authorize';
import { collectionPolicy } from '../../policies/collection-policy';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { presentCollection, presentCollectionList } from '../../presenters/collection-presenter';
import { presentKnowledge } from '../../presenters/knowledge-presenter';

/** Only members of the workspace can be chosen for a collection; anyone else is named in a 400. */
async function checkMembers(db: Executor, accountId: string, memberIds: string[] | undefined) {
  if (!memberIds || memberIds.length === 0) return;
  const members = await workspaceMembersAmong(db, accountId, memberIds);
  if (members.size !== new Set(memberIds).size)
    throw badRequest('Only members of the workspace can be chosen', 'not_a_member');
}

/** /api/accounts/:accountId/collections and moving items between and within them (decision 35). */
export function collectionsRoutes(deps: AppDeps) {
  const {
    database: { db },
    logger,
  } = deps;

  /** The collections the scope sees with their trees. */
  const listFor = async (scope: ReadScope) =>
    [await listCollections(db, scope), await listTreeItems(db, scope)] as const;

  /** One collection as its manager sees it after a change. */
  const oneFor = async (accountId: string, collectionId: string, role: Role) => {
    const [rows, items] = await listFor({ accountId, all: false, collectionIds: [collectionId] });
    if (!rows[0]) throw notFound('Collection not found');
    return presentCollection(rows[0], items, role);
  };

  return createRouter(deps)
    .openapi(api.listCollections, async (c) => {
      const membership = currentMembership(c);
      const [rows, items] = await listFor(await readScopeOf(db, membership));
      return c.json({ data: presentCollectionList(rows, items, membership.role) }, 200);
    })
    .openapi(api.createCollection, async (c) => {
      const { accountId, role } = currentMembership(c);
      authorize(collectionPolicy.manage, { role });
      const { memberIds, ...input } = c.req.valid('json');
      await checkMembers(db, accountId, memberIds);
      const created = await db.transaction().execute(async (trx) => {
        const row = await insertCollection(trx, { accountId, ...input });
        await replaceCollectionMembers(trx, accountId, row.id, memberIds);
        return row;
      });
      return c.json({ data: await oneFor(accountId, created.id, role) }, 201);
    })
    .openapi(api.updateCollection, async (c) => {
      const { accountId, role } = currentMembership(c);
      authorize(collectionPolicy.manage, { role });
      const { collectionId } = c.req.valid('param');
      const { memberIds, ...changes } = c.req.valid('json');
      if (!(await findCollection(db, accountId, collectionId))) throw notFound('Collection not found');
      await checkMembers(db, accountId, memberIds);
      await db.transaction().execute(async (trx) => {
        await updateCollection(trx, accountId, collectionId, changes);
        if (memberIds) await replaceCollectionMembers(trx, accountId, collectionId, memberIds);
      });
      return c.json({ data: await oneFor(accountId, collectionId, role) }, 200);
    })
    .openapi(api.reorderCollections, async (c) => {
      const membership = currentMembership(c);
      authorize(collectionPolicy.manage, membership);
      await reorderCollections(db, membership.accountId, c.req.valid('json').ids);
      const [rows, items] = await listFor(await readScopeOf(db, membership));
      return c.json({ data: presentCollectionList(rows, items, membership.role) }, 200);
    })
    .openapi(api.deleteCollection, async (c) => {
      const { accountId, role } = currentMembership(c);
      authorize(collectionPolicy.manage, { role });
      const { collectionId } = c.req.valid('param');
      const { moveItemsTo, deleteItems } = c.req.valid('query');
      if (Boolean(moveItemsTo) === deleteItems) throw badRequest(SAY_WHERE_ITEMS_GO);
      const deleted = await deleteCollectionWithItems(
        db,
        accountId,
        collectionId,
        moveItemsTo ? { moveItemsTo } : { deleteItems: true },
      );
      // Files are not removed here: another item may show them (decision 12).
      if (deleted.length > 0) await cleanUpImagesLater(db, accountId, logger);
      return c.body(null, 204);
    })
    .openapi(api.moveKnowledge, async (c) => {
      const membership = currentMembership(c);
      // Moving is editing: who may edit an item they see may move it, within what they see.
      authorize(knowledgePolicy.write, membership);
      const scope = await readScopeOf(db, membership);
      const item = await loadKnowledge(db, scope, c.req.valid('param').knowledgeId);
      await moveKnowledgeItem(db, scope, item.id, c.req.valid('json'));
      return c.json({ data: presentKnowledge((await findKnowledge(db, membership.accountId, { id: item.id }))!) }, 200);
    });
}
