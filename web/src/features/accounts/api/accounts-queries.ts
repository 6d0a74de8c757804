import { queryOptions } from '@tanstack/react-query';
import { getAccount, getAccountStats, listAccounts } from '@common/api/routes';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** GET /api/accounts: the user's workspaces, newest first. */
export const accountsQuery = queryOptions({
  queryKey: accountKeys.all,
  queryFn: async ({ signal }) => (await api(listAccounts, {}, { signal })).data,
});

/** GET /api/accounts/:id: one workspace with the caller's role and policies. */
export const accountQuery = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.one(accountId),
    queryFn: async ({ signal }) => (await api(getAccount, { params: { accountId } }, { signal })).data,
  });

/** GET /api/accounts/:id/stats: counts for the dashboard. */
export const accountStatsQuery = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.stats(accountId),
    queryFn: async ({ signal }) => (await api(getAccountStats, { params: { accountId } }, { signal })).data,
  });
