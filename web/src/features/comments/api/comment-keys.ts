/** Query keys: an item's discussion is ['comments', accountId, itemId] (the live refresh's key for its changes). */
export const commentKeys = {
  item: (accountId: string, knowledgeId: string) => ['comments', accountId, knowledgeId] as const,
};
