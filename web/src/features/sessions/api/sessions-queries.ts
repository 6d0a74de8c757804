import { useMutation, useQueryClient, queryOptions } from '@tanstack/react-query';
import { toast } from 'sonner';
import { endSession, listSessions, signOutOtherSessions } from '@common/api/routes';
import { api } from '@/lib/api-client';

/** The signed-in user's sessions, the current one first. */
export const sessionsQuery = queryOptions({
  queryKey: ['sessions'],
  queryFn: async ({ signal }) => (await api(listSessions, {}, { signal })).data,
  staleTime: 30_000,
});

/** Ends one other session at once. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api(endSession, { params: { sessionId } }),
    onSuccess: () => toast.success('Session signed out'),
    onError: () => toast.error('Failed to sign out the session. Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/** 'Sign Out Everywhere Else': ends every session but this one. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(signOutOtherSessions, {}),
    onSuccess: ({ data }) =>
      toast.success(data.ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${data.ended} other sessions`),
    onError: () => toast.error('Failed to sign out other sessions. Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
