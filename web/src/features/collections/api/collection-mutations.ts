import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createCollection,
  deleteCollection,
  moveKnowledge,
  reorderCollections,
  updateCollection,
} from '@common/api/routes';
import type { CollectionInput, CollectionUpdate, MoveInput } from '@common/collections';
import { knowledgeKeys } from '@/features/knowledge/api/knowledge-keys';
import { api } from '@/lib/api-client';

/** After any change of collections or of an item's place: the tree, the lists and the items read again. */
function useRefreshWorkspace(accountId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(accountId) });
}

/** POST .../knowledge/:id/move: an item with its pages to a collection, under a parent, at a place. */
export function useMoveItem(accountId: string) {
  const refresh = useRefreshWorkspace(accountId);
  return useMutation({
    mutationFn: async ({ itemId, to }: { itemId: string; to: MoveInput }) =>
      (await api(moveKnowledge, { params: { accountId, knowledgeId: itemId }, json: to })).data,
    onSettled: refresh,
  });
}

/** POST .../collections. */
export function useCreateCollection(accountId: string) {
  const refresh = useRefreshWorkspace(accountId);
  return useMutation({
    mutationFn: async (input: CollectionInput) =>
      (await api(createCollection, { params: { accountId }, json: input })).data,
    onSuccess: refresh,
  });
}

/** PATCH .../collections/:id. */
export function useUpdateCollection(accountId: string) {
  const refresh = useRefreshWorkspace(accountId);
  return useMutation({
    mutationFn: async ({ collectionId, changes }: { collectionId: string; changes: CollectionUpdate }) =>
      (await api(updateCollection, { params: { accountId, collectionId }, json: changes })).data,
    onSuccess: refresh,
  });
}

/** PUT .../collections/order. */
export function useReorderCollections(accountId: string) {
  const refresh = useRefreshWorkspace(accountId);
  return useMutation({
    mutationFn: async (ids: string[]) => (await api(reorderCollections, { params: { accountId }, json: { ids } })).data,
    onSettled: refresh,
  });
}

/** DELETE .../collections/:id, its items moved to another collection or deleted. */
export function useDeleteCollection(accountId: string) {
  const refresh = useRefreshWorkspace(accountId);
  return useMutation({
    mutationFn: ({ collectionId, moveItemsTo }: { collectionId: string; moveItemsTo: string | null }) =>
      api(deleteCollection, {
        params: { accountId, collectionId },
        query: moveItemsTo ? { moveItemsTo } : { deleteItems: 'true' },
      }),
    onSuccess: refresh,
  });
}
