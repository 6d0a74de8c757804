import type { Kysely } from 'kysely';
import { STAR_MESSAGES } from '../../../common/stars';
import { UUID_PATTERN } from '../../../common/knowledge';
import type { DB } from '../../db/schema';
import { updateStarPositions } from '../../data/knowledge-stars';
import { badRequest } from '../../errors';

const INT_LIMIT = 2_147_483_647;

/** Spec section 5: entries without a (valid) id are dropped; a non-numeric position becomes 0. */
export function cleanPositionUpdates(updates: unknown[]): Array<{ id: string; position: number }> {
  return updates.flatMap((entry) => {
    const id = (entry as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || !UUID_PATTERN.test(id)) return [];
    const raw = Number((entry as { position?: unknown }).position);
    const position = Number.isFinite(raw) ? Math.max(-INT_LIMIT, Math.min(INT_LIMIT, Math.trunc(raw))) : 0;
    return [{ id, position }];
  });
}

/** Reorders the caller's stars: an empty list is a no-op; a list with no valid entry is a 400. */
export async function reorderStars(
  db: Kysely<DB>,
  owner: { accountId: string; userId: string },
  updates: unknown[],
): Promise<number> {
  if (updates.length === 0) return 0;
  const valid = cleanPositionUpdates(updates);
  if (valid.length === 0) throw badRequest(STAR_MESSAGES.noneValid);
  return db.transaction().execute((trx) => updateStarPositions(trx, owner, valid));
}
