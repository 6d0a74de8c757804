import { Hono } from 'hono';
import { STAR_MESSAGES } from '../../../common/stars';
import { UUID_PATTERN } from '../../../common/knowledge';
import type { AppDeps, AppEnv } from '../../app-env';
import { findMembership } from '../../data/account-members';
import { updateStarPositions } from '../../data/knowledge-stars';
import { badRequest, notFound } from '../../errors';
import { readJson } from '../../validation';
import { requireUserFor } from './stars.routes';

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

/** POST /api/updateStarPositions {updates, accountId}: reorders the caller's own stars. */
export function starPositionsRoutes({ database: { db } }: AppDeps) {
  return new Hono<AppEnv>().post('/', requireUserFor(STAR_MESSAGES.noToken), async (c) => {
    const body = (await readJson(c)) as { updates?: unknown; accountId?: unknown } | null;
    if (!Array.isArray(body?.updates)) throw badRequest(STAR_MESSAGES.notArray);
    const accountId = typeof body.accountId === 'string' ? body.accountId : '';
    const userId = c.get('user')!.id;
    if (!UUID_PATTERN.test(accountId) || !(await findMembership(db, accountId, userId))) throw notFound('Account not found');
    if (body.updates.length === 0) return c.json({ success: true, updated: 0 });
    const updates = cleanPositionUpdates(body.updates);
    if (updates.length === 0) throw badRequest(STAR_MESSAGES.noneValid);
    const updated = await db.transaction().execute((trx) => updateStarPositions(trx, { accountId, userId }, updates));
    return c.json({ success: true, updated });
  });
}
