import { queryOptions } from '@tanstack/react-query';
import { listCollections } from '@common/api/routes';
import { api } from '@/lib/api-client';

/**
 * Query keys. The tree sits under ['knowledge', accountId] so that any change of an item (a save,
 * a move, a delete, a live refresh) refreshes it with the lists; members under ['account-users'].
 */
export const collectionKeys = {
  tree: (accountId: string) => ['knowledge', accountId, 'collections'] as const,
  members: (accountId: string) => ['account-users', accountId, 'for-collections'] as const,
};

/** GET .../collections: the collections the caller sees, each with its tree. */
export const collectionsQuery = (accountId: string) =>
  queryOptions({
    queryKey: collectionKeys.tree(accountId),
    queryFn: async ({ signal }) => (await api(listCollections, { params: { accountId } }, { signal })).data,
    staleTime: 60_000,
  });
