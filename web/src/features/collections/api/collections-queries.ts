import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { collectionTreeLevel, getCollection, listCollections } from '@common/api/routes';
import { api } from '@/lib/api-client';

/**
 * Query keys. The collections and their trees sit under ['knowledge', accountId] so that any change
 * of an item (a save, a move, a delete, a live refresh) refreshes them with the lists; members under
 * ['account-users'].
 */
export const collectionKeys = {
  list: (accountId: string) => ['knowledge', accountId, 'collections', 'list'] as const,
  one: (accountId: string, collectionId: string) =>
    ['knowledge', accountId, 'collections', 'one', collectionId] as const,
  level: (accountId: string, collectionId: string, parentId: string | null) =>
    ['knowledge', accountId, 'collections', 'tree', collectionId, parentId ?? 'top'] as const,
  members: (accountId: string) => ['account-users', accountId, 'for-collections'] as const,
};

/** GET .../collections: the collections the caller sees, in order. */
export const collectionsQuery = (accountId: string) =>
  queryOptions({
    queryKey: collectionKeys.list(accountId),
    queryFn: async ({ signal }) => (await api(listCollections, { params: { accountId } }, { signal })).data,
    staleTime: 60_000,
  });

/** GET .../collections/:id: one collection with how many items it holds. */
export const collectionQuery = (accountId: string, collectionId: string) =>
  queryOptions({
    queryKey: collectionKeys.one(accountId, collectionId),
    queryFn: async ({ signal }) => (await api(getCollection, { params: { accountId, collectionId } }, { signal })).data,
  });

/** GET .../collections/:id/tree: the pages under `parentId` (the top when null), a hundred at a time. */
export const treeLevelQuery = (accountId: string, collectionId: string, parentId: string | null) =>
  infiniteQueryOptions({
    queryKey: collectionKeys.level(accountId, collectionId, parentId),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const query = { page: pageParam, parentId: parentId ?? undefined };
      return (await api(collectionTreeLevel, { params: { accountId, collectionId }, query }, { signal })).data;
    },
    getNextPageParam: (last) => last.nextPage ?? undefined,
    staleTime: 60_000,
  });
