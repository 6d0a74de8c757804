/** Stars' limit and the spec's messages, without zod: the list's first load reads them (common/stars.ts re-exports these). */

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
