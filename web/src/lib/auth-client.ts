import { queryOptions } from '@tanstack/react-query';
import { createAuthClient } from 'better-auth/react';
import { magicLinkClient } from 'better-auth/client/plugins';

/** better-auth's browser client, talking to /api/auth on this origin. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [magicLinkClient()],
});

export interface CurrentSession {
  user: { id: string; email: string; name: string };
  /** 'pending' while the session owes its two-factor code (decision 4). */
  secondFactor: 'none' | 'pending' | 'verified';
}

/** Who is signed in (null when nobody); the guards and the shell read it. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<CurrentSession | null> => {
    const { data, error } = await authClient.getSession();
    if (error) throw new Error(error.message ?? 'Failed to check the session');
    if (!data) return null;
    const { secondFactor = 'none' } = data.session as { secondFactor?: CurrentSession['secondFactor'] };
    return { user: { id: data.user.id, email: data.user.email, name: data.user.name }, secondFactor };
  },
  staleTime: 60_000,
  retry: 2,
});
