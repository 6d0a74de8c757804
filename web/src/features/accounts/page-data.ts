import type { QueryClient } from '@tanstack/react-query';
import { meQuery } from '@/features/profile';
import { accountQuery, accountsQuery } from './api/accounts-queries';

/**
 * What the workspace shell asks for as any of its pages opens (the workspace,
 * the switcher's list, the user menu's profile), started by its route beside its
 * code (app/router.tsx, decision 20).
 */
export const accountsPageData = {
  layout: (queryClient: QueryClient, accountId: string) => [
    queryClient.prefetchQuery(accountQuery(accountId)),
    queryClient.prefetchQuery(accountsQuery),
    queryClient.prefetchQuery(meQuery),
  ],
};
