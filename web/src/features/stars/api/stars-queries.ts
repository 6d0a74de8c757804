import { queryOptions } from '@tanstack/react-query';
import type { StarDto } from '@common/stars';
import { apiFetch } from '@/lib/api-client';
import { starKeys } from './star-keys';

/** GET .../stars: the caller's stars in order; stale after 30 s, 2 retries, refetched on focus (spec section 9). */
export const starsQuery = (accountId: string) =>
  queryOptions({
    queryKey: starKeys.mine(accountId),
    queryFn: ({ signal }) => apiFetch<StarDto[]>(`/api/accounts/${accountId}/stars`, { signal }),
    staleTime: 30_000,
    retry: 2,
    refetchOnWindowFocus: true,
  });
