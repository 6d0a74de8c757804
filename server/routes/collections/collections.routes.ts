import * as api from '../../../common/api/collections';
import { SAY_WHERE_ITEMS_GO, TREE_PAGE_SIZE } from '../../../common/collections';
import type { AppDeps, Membership } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { deleteCollectionWithItems } from '../../commands/delete-collection';
import { moveKnowledgeItem } from '../../commands/move-knowledge';
import { assertCollectionInScope, readScopeOf } from '../../data/collection-access';
import type { Role } from '../../db/types';
import {
  countCollectionItems,
  findCollection,
  insertCollection,
  listCollections,
  listTreeLevel,
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
import { presentCollection, presentCollectionList, presentTreeLevel } from '../../presenters/collection-presenter';
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

  /** The collections the caller sees. */
  const listFor = async (membership: Membership) =>
    presentCollectionList(await listCollections(db, await readScopeOf(db, membership)), membership.role);

  /** One collection as its manager sees it after a change. */
  const oneFor = async (accountId: string, collectionId: string, role: Role) => {
    const [row] = await listCollections(db, { accountId, all: false, collectionIds: [collectionId] });
    if (!row) throw notFound('Collection not found');
    return presentCollection(row, role);
  };

  return createRouter(deps)
    .openapi(api.listCollections, async (c) => {
      return c.json({ data: await listFor(currentMembership(c)) }, 200);
    })
    .openapi(api.getCollection, async (c) => {
      const membership = currentMembership(c);
      const { accountId, role } = membership;
      const { collectionId } = c.req.valid('param');
      assertCollectionInScope(await readScopeOf(db, membership), collectionId);
      // Not found when it is another workspace's.
      const collection = await oneFor(accountId, collectionId, role);
      return c.json(
        { data: { ...collection, itemCount: await countCollectionItems(db, accountId, collectionId) } },
        200,
      );
    })
    .openapi(api.collectionTreeLevel, async (c) => {
      const membership = currentMembership(c);
      const { collectionId } = c.req.valid('param');
      const { parentId, page } = c.req.valid('query');
      assertCollectionInScope(await readScopeOf(db, membership), collectionId);
      if (!(await findCollection(db, membership.accountId, collectionId))) throw notFound('Collection not found');
      const rows = await listTreeLevel(db, {
        accountId: membership.accountId,
        collectionId,
        parentId: parentId ?? null,
        page,
        pageSize: TREE_PAGE_SIZE,
      });
      return c.json({ data: presentTreeLevel(rows, page, TREE_PAGE_SIZE) }, 200);
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
      return c.json({ data: await listFor(membership) }, 200);
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
