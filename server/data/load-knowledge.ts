import { SHORT_ID_PATTERN, UUID_PATTERN } from '../../common/knowledge';
import { scopeHolds, type ReadScope } from './collection-access';
import { findKnowledge } from './knowledge';
import type { Executor } from './executor';
import { badRequest, notFound } from '../errors';

/**
 * The item named by a full id or a short id, or the spec's 404 for each: an item in a
 * collection the scope does not see is not found, with the same words (decision 35).
 */
export async function loadKnowledge(db: Executor, scope: ReadScope, ref: string) {
  const visible = <Row extends { collection_id: string }>(row: Row | undefined) =>
    row && scopeHolds(scope, row.collection_id) ? row : undefined;
  if (UUID_PATTERN.test(ref)) {
    const row = visible(await findKnowledge(db, scope.accountId, { id: ref.toLowerCase() }));
    if (!row) throw notFound('Knowledge item not found');
    return row;
  }
  if (SHORT_ID_PATTERN.test(ref)) {
    const row = visible(await findKnowledge(db, scope.accountId, { shortId: ref }));
    if (!row) throw notFound(`Could not find knowledge item with short ID: ${ref}`);
    return row;
  }
  throw badRequest('Invalid knowledge ID', 'invalid_knowledge_id');
}
