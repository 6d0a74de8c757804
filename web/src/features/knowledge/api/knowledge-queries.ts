import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { KnowledgeDto, KnowledgePageDto, TagCountDto, WeeklyCountDto } from '@common/knowledge';
import { ApiError, apiFetch } from '@/lib/api-client';
import { knowledgeKeys } from './knowledge-keys';

const base = (accountId: string) => `/api/accounts/${accountId}/knowledge`;
const ITEM_TIMEOUT_MS = 15_000;

/** GET .../knowledge pages: 20 at a time, the next page only after a full one. */
export const knowledgeListQuery = (accountId: string, filters: { search: string; tags: string[] }) =>
  infiniteQueryOptions({
    queryKey: knowledgeKeys.list(accountId, filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ page: String(pageParam) });
      if (filters.search.trim()) params.set('search', filters.search.trim());
      for (const tag of filters.tags) params.append('tag', tag);
      return apiFetch<KnowledgePageDto>(`${base(accountId)}?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });

/** GET .../knowledge/:ref by full or short id: 15 s time-out, 2 retries, fresh for 5 min (spec section 9). */
export const knowledgeItemQuery = (accountId: string, ref: string) =>
  queryOptions({
    queryKey: knowledgeKeys.item(accountId, ref),
    queryFn: async ({ signal }) => {
      if (!ref) throw new Error('Knowledge ID is required');
      const timeout = AbortSignal.timeout(ITEM_TIMEOUT_MS);
      try {
        return await apiFetch<KnowledgeDto>(`${base(accountId)}/${encodeURIComponent(ref)}`, { signal: AbortSignal.any([signal, timeout]) });
      } catch (error) {
        if (timeout.aborted) throw new Error('Request timeout - Knowledge item fetch took too long');
        if (error instanceof ApiError && error.status !== 404) {
          throw new ApiError(error.status, `Error fetching knowledge item: ${error.message}`, error.code);
        }
        throw error;
      }
    },
    retry: (failureCount, error) => !(error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) && failureCount < 2,
    staleTime: 5 * 60_000,
  });

/** GET .../knowledge/tags: the account's tags, most used first. */
export const knowledgeTagsQuery = (accountId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.tags(accountId),
    queryFn: ({ signal }) => apiFetch<TagCountDto[]>(`${base(accountId)}/tags`, { signal }),
  });

/** GET .../knowledge/count: how many items the account has. */
export const knowledgeCountQuery = (accountId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.count(accountId),
    queryFn: ({ signal }) => apiFetch<{ count: number }>(`${base(accountId)}/count`, { signal }),
  });

/** GET .../knowledge/weekly: items created per week over the last 12 weeks. */
export const knowledgeWeeklyQuery = (accountId: string) =>
  queryOptions({
    queryKey: knowledgeKeys.weekly(accountId),
    queryFn: ({ signal }) => apiFetch<WeeklyCountDto[]>(`${base(accountId)}/weekly`, { signal }),
  });
