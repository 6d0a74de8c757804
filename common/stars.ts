/** One of the caller's stars, with what the Starred section shows. */
export interface StarDto {
  id: string;
  knowledge_id: string;
  position: number;
  title: string;
  short_id: string;
}

/** The spec's messages for star actions without a signed-in user (section 5). */
export const STAR_MESSAGES = {
  star: 'User must be authenticated to star an item',
  unstar: 'User must be authenticated to unstar an item',
  list: 'User must be authenticated to get starred items',
  noToken: 'Authentication required but no token available',
  notArray: 'Updates must be an array',
  noneValid: 'No valid updates provided',
  updateFailed: 'Failed to update star positions',
} as const;
