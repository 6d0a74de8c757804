/** Query keys for knowledge, so mutations invalidate the same ones the pages read. */
export const knowledgeKeys = {
  all: (accountId: string) => ['knowledge', accountId] as const,
  lists: (accountId: string) => ['knowledge', accountId, 'list'] as const,
  list: (
    accountId: string,
    filters: { search: string; tags: string[]; sort?: string; exact?: string; collection?: string },
  ) => ['knowledge', accountId, 'list', filters] as const,
  item: (accountId: string, ref: string) => ['knowledge', accountId, 'item', ref] as const,
  tags: (accountId: string) => ['knowledge', accountId, 'tags'] as const,
  count: (accountId: string) => ['knowledge', accountId, 'count'] as const,
  weekly: (accountId: string) => ['knowledge', accountId, 'weekly'] as const,
};
