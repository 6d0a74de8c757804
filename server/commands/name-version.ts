import type { Kysely } from 'kysely';
import { findKnowledge, lockItemVersion } from '../data/knowledge';
import { keepRevision } from '../data/knowledge-revisions';
import type { DB } from '../db/schema';
import { editConflict, notFound } from '../errors';
import { presentKnowledge } from '../presenters/knowledge-presenter';

/**
 * "Save version": keeps the item's current version as a revision now, with a
 * name, so it is found again by that name once later saves replace it. Refused
 * (409) when the person was looking at an older version: the name would go to a
 * text they have not seen. Without a name: the revision an editing session keeps when it goes quiet
 * (decision 34).
 */
export async function nameCurrentVersion(
  db: Kysely<DB>,
  input: { accountId: string; knowledgeId: string; name: string | null; baseVersion?: number },
) {
  await db.transaction().execute(async (trx) => {
    const current = await lockItemVersion(trx, input.accountId, input.knowledgeId);
    if (!current) throw notFound('Knowledge item not found');
    if (input.baseVersion !== undefined && input.baseVersion !== current.version)
      throw editConflict(presentKnowledge((await findKnowledge(trx, input.accountId, { id: input.knowledgeId }))!));
    await keepRevision(trx, current, input.name);
  });
}
