import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { countKnowledge, getKnowledge, listKnowledge, listKnowledgeTags, weeklyKnowledge } from '@common/api/routes';
import { KNOWLEDGE_ID_REQUIRED, SEARCH_MAX_LENGTH, type KnowledgeSort } from '@common/knowledge-limits';
import { ApiError, api } from '@/lib/api-client';
import { knowledgeKeys } from './knowledge-keys';

const ITEM_TIMEOUT_MS = 15_000;

/**
 * GET .../knowledge pages: 20 at a time, the next page only after a full one.
 * `sort` orders a search (best match or newest); a search over the length
 * limit is not sent, the page explains it instead.
 */
export const knowledgeListQuery = (
  accountId: string,
  filters: { search: string; tags: string[]; sort: KnowledgeSort; exact?: boolean; collection?: string },
) => {
  const collection = filters.collection || undefined;
  const search = filters.search.trim();
  // Without a search the order is always newest, so the sort is left out of the key and the call; so is exactness.
  const sort = search ? filters.sort : undefined;
  const exact = search && filters.exact ? ('true' as const) : undefined;
  return infiniteQueryOptions({
    queryKey: knowledgeKeys.list(accountId, { search, tags: filters.tags, sort, exact, collection }),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const query = { page: pageParam, search: search || undefined, tag: filters.tags, sort, exact, collection };
      return (await api(listKnowledge, { params: { accountId }, query }, { signal })).data;
    },
    getNextPageParam: (last) => last.nextPage ?? undefined,
    enabled: search.length <= SEARCH_MAX_LENGTH,
  });
};

/** GET .../knowledge/:ref by full or short id: 15 s time-out, 2 retries, fresh for 5 min (spec section 9). */
export const knowledgeItemQuery = (accountId: string, ref: string) =>
  queryOptions({
    queryKey: knowledgeKeys.item(accountId, ref),
    queryFn: async ({ signal }) => {
      if (!ref.trim()) throw new Error(KNOWLEDGE_ID_REQUIRED);
      // A timer of the page's own (not AbortSignal.timeout), so tests can move time on.
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), ITEM_TIMEOUT_MS);
      try {
        const answer = await api(
          getKnowledge,
          { params: { accountId, knowledgeId: ref } },
          { signal: AbortSignal.any([signal, timeout.signal]) },
        );
        return answer.data;
      } catch (error) {
        if (timeout.signal.aborted)
          throw new Error('Request timeout - Knowledge item fetch took too long', { cause: error });
        if (error instanceof ApiError && error.status !== 404) {
          throw new ApiError(error.status, `Error fetching knowledge item: ${error.message}`, error.code);
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    retry: (failureCount, error) =>
      !(error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) && failureCount < 2,
    staleTime: 5 * 60_000,
  });

/** GET .../knowledge/tags: the account's tags, most used first. */
export const knowledgeTagsQuery = (accountId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.tags(accountId),
    queryFn: async ({ signal }) => (await api(listKnowledgeTags, { params: { accountId } }, { signal })).data,
  });

/** GET .../knowledge/count: how many items the account has. */
export const knowledgeCountQuery = (accountId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.count(accountId),
    queryFn: async ({ signal }) => (await api(countKnowledge, { params: { accountId } }, { signal })).data,
  });

/** GET .../knowledge/weekly: items created per week over the last 12 weeks. */
export const knowledgeWeeklyQuery = (accountId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.weekly(accountId),
    queryFn: async ({ signal }) => (await api(weeklyKnowledge, { params: { accountId } }, { signal })).data,
  });
