import type { QueryClient } from '@tanstack/react-query';
import { collectionsQuery } from '@/features/collections';
import { starsQuery } from '@/features/stars';
import { knowledgeItemQuery, knowledgeListQuery, knowledgeTagsQuery } from './api/knowledge-queries';
import { listFiltersIn } from './lib/list-filters';

/**
 * What the list and an article ask for as they open, started by their routes
 * beside the pages' code (app/router.tsx, decision 20). The pages make the same
 * queries; whichever comes first fetches, the other waits for it.
 */
export const knowledgePageData = {
  list(queryClient: QueryClient, accountId: string, params: URLSearchParams) {
    const list = knowledgeListQuery(accountId, listFiltersIn(params));
    return [
      // A search over the length limit is never sent: the page explains it instead.
      list.enabled === false ? Promise.resolve() : queryClient.prefetchInfiniteQuery(list),
      queryClient.prefetchQuery(knowledgeTagsQuery(accountId)),
      queryClient.prefetchQuery(starsQuery(accountId)),
      // The sidebar's tree, drawn with the page.
      queryClient.prefetchQuery(collectionsQuery(accountId)),
    ];
  },
  article: (queryClient: QueryClient, accountId: string, ref: string) => [
    queryClient.prefetchQuery(knowledgeItemQuery(accountId, ref)),
    queryClient.prefetchQuery(starsQuery(accountId)),
    queryClient.prefetchQuery(collectionsQuery(accountId)),
  ],
};
