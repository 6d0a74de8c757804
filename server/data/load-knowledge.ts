import { SHORT_ID_PATTERN, UUID_PATTERN } from '../../common/knowledge';
import { findKnowledge } from './knowledge';
import type { Executor } from './executor';
import { badRequest, notFound } from '../errors';

/** The account's item named by a full id or a short id, or the spec's 404 for each. */
export async function loadKnowledge(db: Executor, accountId: string, ref: string) {
  if (UUID_PATTERN.test(ref)) {
    const row = await findKnowledge(db, accountId, { id: ref.toLowerCase() });
    if (!row) throw notFound('Knowledge item not found');
    return row;
  }
  if (SHORT_ID_PATTERN.test(ref)) {
    const row = await findKnowledge(db, accountId, { shortId: ref });
    if (!row) throw notFound(`Could not find knowledge item with short ID: ${ref}`);
    return row;
  }
  throw badRequest('Invalid knowledge ID', 'invalid_knowledge_id');
}
