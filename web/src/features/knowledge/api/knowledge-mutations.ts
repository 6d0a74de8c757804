import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { randomId } from '@/lib/random-id';
import { useRef } from 'react';
import type { KnowledgeDto, KnowledgeInput, KnowledgePageDto } from '@common/knowledge';
import { createKnowledge, deleteKnowledge, updateKnowledge } from '@common/api/routes';
import { api } from '@/lib/api-client';
import { starKeys } from '@/features/stars';
import { knowledgeKeys } from './knowledge-keys';

/** Caches the saved item under both its ids and refreshes lists, tags and counts. */
function useRememberSaved(accountId: string) {
  const queryClient = useQueryClient();
  return (item: KnowledgeDto) => {
    queryClient.setQueryData(knowledgeKeys.item(accountId, item.id), item);
    queryClient.setQueryData(knowledgeKeys.item(accountId, item.short_id), item);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.lists(accountId) }),
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.tags(accountId) }),
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.count(accountId) }),
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.weekly(accountId) }),
      queryClient.invalidateQueries({ queryKey: starKeys.mine(accountId) }),
    ]);
  };
}

/**
 * POST .../knowledge: a new item. One idempotency key per item being written:
 * a save tried again after its answer was lost gets the item the first made,
 * never a second copy; a new key once it is saved.
 */
export function useCreateKnowledge(accountId: string) {
  const remember = useRememberSaved(accountId);
  const idempotencyKey = useRef(randomId());
  return useMutation({
    mutationFn: async (input: KnowledgeInput) =>
      (await api(createKnowledge, { params: { accountId }, json: input }, { idempotencyKey: idempotencyKey.current }))
        .data,
    onSuccess: (item) => {
      idempotencyKey.current = randomId();
      return remember(item);
    },
  });
}

/**
 * PATCH .../knowledge/:id: saves an edit based on the item's version `basedOn` (the one the editor
 * loaded); the server refuses it with 409 when someone saved a newer one meanwhile.
 */
export function useUpdateKnowledge(accountId: string, id: string) {
  const remember = useRememberSaved(accountId);
  return useMutation({
    mutationFn: async ({ input, basedOn }: { input: Partial<KnowledgeInput>; basedOn: number }) =>
      (await api(updateKnowledge, { params: { accountId, knowledgeId: id }, json: { ...input, version: basedOn } }))
        .data,
    onSuccess: remember,
  });
}

/** DELETE .../knowledge/:id: the item leaves every cached list at once; its pages move up (`keep`) or go too. */
export function useDeleteKnowledge(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, children }: { item: KnowledgeDto; children: 'keep' | 'delete' }) =>
      // Keeping them is the default: the spec's delete, sent as it always was.
      api(deleteKnowledge, {
        params: { accountId, knowledgeId: item.id },
        query: children === 'delete' ? { children } : {},
      }),
    onSuccess: (_result, { item }) => {
      queryClient.setQueriesData<InfiniteData<KnowledgePageDto>>(
        { queryKey: knowledgeKeys.lists(accountId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, items: page.items.filter((entry) => entry.id !== item.id) })),
          },
      );
      queryClient.removeQueries({ queryKey: knowledgeKeys.item(accountId, item.id) });
      queryClient.removeQueries({ queryKey: knowledgeKeys.item(accountId, item.short_id) });
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.tags(accountId) });
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.count(accountId) });
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.weekly(accountId) });
      void queryClient.invalidateQueries({ queryKey: starKeys.mine(accountId) });
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(accountId) });
    },
  });
}
