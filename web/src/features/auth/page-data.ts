import type { QueryClient } from '@tanstack/react-query';
import { signInOptionsQuery } from './api/sign-in';

/**
 * What the sign-in and sign-up pages ask for as they open (which sign-in buttons to
 * show), started by their routes beside the pages' code (app/router.tsx, decision 20).
 */
export const authPageData = {
  signIn: (queryClient: QueryClient) => [queryClient.prefetchQuery(signInOptionsQuery)],
};
