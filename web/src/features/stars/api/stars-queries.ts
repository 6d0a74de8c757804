import { queryOptions } from '@tanstack/react-query';
import { listStars } from '@common/api/routes';
import { api } from '@/lib/api-client';
import { starKeys } from './star-keys';

/** GET .../stars: the caller's stars in order; stale after 30 s, 2 retries, refetched on focus (spec section 9). */
export const starsQuery = (accountId: string) =>
  queryOptions({
    queryKey: starKeys.mine(accountId),
    queryFn: async ({ signal }) => (await api(listStars, { params: { accountId } }, { signal })).data,
    staleTime: 30_000,
    retry: 2,
    refetchOnWindowFocus: true,
  });
