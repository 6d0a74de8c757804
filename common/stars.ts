import { z } from 'zod';
import { accountIdSchema } from './accounts';

/** One of the caller's stars, with what the Starred section shows. */
export const starSchema = z.object({
  id: z.uuid(),
  knowledge_id: z.uuid(),
  position: z.number().int(),
  title: z.string(),
  short_id: z.string(),
});
export type StarDto = z.infer<typeof starSchema>;

/** The most stars one person keeps in a workspace, and so the longest reorder there can be. */
export const STARS_MAX = 1000;

/** The spec's messages for star actions (section 5). */
export const STAR_MESSAGES = {
  star: 'User must be authenticated to star an item',
  unstar: 'User must be authenticated to unstar an item',
  list: 'User must be authenticated to get starred items',
  noToken: 'Authentication required but no token available',
  notArray: 'Updates must be an array',
  noneValid: 'No valid updates provided',
  updateFailed: 'Failed to update star positions',
  knowledgeIdRequired: 'Knowledge ID is required',
  tooMany: `You can star at most ${STARS_MAX} items in a workspace`,
  tooManyUpdates: `At most ${STARS_MAX} star positions can be changed at once`,
} as const;

/** Starring an item by its id or short id. */
export const starInputSchema = z.object({
  knowledgeId: z.string({ error: STAR_MESSAGES.knowledgeIdRequired }).min(1, STAR_MESSAGES.knowledgeIdRequired),
});

/** The body of POST /api/updateStarPositions; entries are kept loose here and cleaned as spec section 5 says. */
export const starPositionsInputSchema = z.object({
  accountId: accountIdSchema,
  updates: z.array(z.unknown(), { error: STAR_MESSAGES.notArray }).max(STARS_MAX, STAR_MESSAGES.tooManyUpdates),
});

/** What a reorder changed. */
export const starPositionsResultSchema = z.object({ success: z.literal(true), updated: z.number().int() });
