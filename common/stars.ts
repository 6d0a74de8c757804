import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { STAR_MESSAGES, STARS_MAX } from './star-limits';

export * from './star-limits';

/** One of the caller's stars, with what the Starred section shows. */
export const starSchema = z.object({
  id: z.uuid(),
  knowledge_id: z.uuid(),
  position: z.number().int(),
  title: z.string(),
  short_id: z.string(),
});
export type StarDto = z.infer<typeof starSchema>;

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
