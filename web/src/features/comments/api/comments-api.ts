import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  deleteComment,
  editComment,
  getDiscussion,
  listMentionable,
  replyToThread,
  setThreadState,
  startThread,
  watchKnowledge,
} from '@common/api/routes';
import { knowledgeKeys } from '@/features/knowledge/api/knowledge-keys';
import { api } from '@/lib/api-client';
import { commentKeys } from './comment-keys';

export const discussionQuery = (accountId: string, knowledgeId: string) =>
  queryOptions({
    queryKey: commentKeys.item(accountId, knowledgeId),
    queryFn: async () => (await api(getDiscussion, { params: { accountId, knowledgeId } })).data,
  });

/** The people an @ offers for an item, filtered by `q`. */
export const fetchMentionable = async (accountId: string, knowledgeId: string, q: string) =>
  (await api(listMentionable, { params: { accountId, knowledgeId }, query: { q } })).data;

/** Every change to a discussion: run, then the discussion is fetched again; a refusal is told. */
export function useDiscussionActions(accountId: string, knowledgeId: string) {
  const queryClient = useQueryClient();
  const settle = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: commentKeys.item(accountId, knowledgeId) }),
      // The comment counts of the item's header and card (['knowledge', accountId, ...]; the live refresh does the same for others).
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(accountId) }),
    ]);
  const mutation = <Input>(run: (input: Input) => Promise<unknown>) =>
    // eslint-disable-next-line react-hooks/rules-of-hooks
    useMutation({ mutationFn: run, onSuccess: settle, onError: (error) => toast.error(error.message) });
  return {
    start: mutation((input: { body: string; quote?: string }) =>
      api(startThread, { params: { accountId, knowledgeId }, json: input }),
    ),
    reply: mutation((input: { threadId: string; body: string }) =>
      api(replyToThread, { params: { accountId, threadId: input.threadId }, json: { body: input.body } }),
    ),
    resolve: mutation((input: { threadId: string; resolved: boolean }) =>
      api(setThreadState, { params: { accountId, threadId: input.threadId }, json: { resolved: input.resolved } }),
    ),
    edit: mutation((input: { commentId: string; body: string }) =>
      api(editComment, { params: { accountId, commentId: input.commentId }, json: { body: input.body } }),
    ),
    remove: mutation((commentId: string) => api(deleteComment, { params: { accountId, commentId } })),
    watch: mutation((watching: boolean) =>
      api(watchKnowledge, { params: { accountId, knowledgeId }, json: { watching } }),
    ),
  };
}
