import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { STAR_MESSAGES } from '@common/star-limits';
import type { StarDto } from '@common/stars';
import { starKnowledge, unstarKnowledge, updateStarPositions } from '@common/api/routes';
import { api } from '@/lib/api-client';
import { starKeys } from './star-keys';

/** How long after a reorder settles the stars are fetched again (spec section 9). */
const REORDER_REFETCH_MS = 2000;

interface StarTarget {
  id: string;
  short_id: string;
  title: string;
}

/** Star or unstar an item: applied at once, rolled back on error, then refetched. */
export function useToggleStar(accountId: string) {
  const queryClient = useQueryClient();
  const key = starKeys.mine(accountId);
  return useMutation({
    mutationFn: ({ item, starred }: { item: StarTarget; starred: boolean }) =>
      starred
        ? api(unstarKnowledge, { params: { accountId, knowledgeId: item.id } })
        : api(starKnowledge, { params: { accountId }, json: { knowledgeId: item.id } }),
    onMutate: async ({ item, starred }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<StarDto[]>(key);
      queryClient.setQueryData<StarDto[]>(key, (stars = []) => {
        if (starred) return stars.filter((star) => star.knowledge_id !== item.id);
        if (stars.some((star) => star.knowledge_id === item.id)) return stars;
        const position = stars.reduce((max, star) => Math.max(max, star.position + 1), 0);
        return [
          ...stars,
          { id: `pending-${item.id}`, knowledge_id: item.id, position, title: item.title, short_id: item.short_id },
        ];
      });
      return { previous };
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast.error(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/updateStarPositions with the new order: optimistic, rolled back on error, refetched 2 s after settling. */
export function useReorderStars(accountId: string) {
  const queryClient = useQueryClient();
  const key = starKeys.mine(accountId);
  return useMutation({
    mutationFn: async (ordered: StarDto[]) => {
      // A star still being saved has no server id yet; the refetch after settling places it.
      const updates = ordered.flatMap((star, position) =>
        star.id.startsWith('pending-') ? [] : [{ id: star.id, position }],
      );
      await api(updateStarPositions, { json: { updates, accountId } });
    },
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<StarDto[]>(key);
      queryClient.setQueryData<StarDto[]>(
        key,
        ordered.map((star, position) => ({ ...star, position })),
      );
      return { previous };
    },
    onError: (error, _ordered, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast.error(STAR_MESSAGES.updateFailed, { description: error.message });
    },
    onSettled: () => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), REORDER_REFETCH_MS);
    },
  });
}
