import { queryOptions } from '@tanstack/react-query';
import { getAccountUsers } from '@common/api/routes';
import { api } from '@/lib/api-client';
import { retryDelayUpTo } from '@/lib/query-client';
import { accountUsersKeys } from './account-keys';

/** GET /api/getAccountUsers (the members and pending invitations; the users page and the dashboard's first steps) with the spec's constants: stale 5 min, kept 10 min, 3 retries, delay doubling up to 10 s. */
export const accountUsersQuery = (accountId: string) =>
  queryOptions({
    queryKey: accountUsersKeys.of(accountId),
    queryFn: async ({ signal }) => (await api(getAccountUsers, { query: { accountId } }, { signal })).data,
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: 3,
    retryDelay: retryDelayUpTo(10_000),
  });
