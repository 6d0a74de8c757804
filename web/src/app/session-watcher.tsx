import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { sessionQuery } from '@/lib/session';
import { wipeLocalData } from '@/lib/local-data';
import { paths } from '@/lib/paths';
import {
  LOGGED_OUT_TOAST_MS,
  loggedOutMessage,
  noteSessionEnded,
  onSecondFactorRequired,
  onSessionEnd,
} from '@/lib/session-end';

/**
 * Signs this tab out when the session ends (a 401, the pulse, or sign-out in
 * another tab): wipes Lore's local data, forgets cached data, and goes to /login
 * (history replaced) with the destructive 'Logged Out' toast for 10 s.
 */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionEnd((reason) => {
        noteSessionEnded();
        wipeLocalData();
        void queryClient.cancelQueries();
        queryClient.clear();
        queryClient.setQueryData(sessionQuery.queryKey, null);
        toast.dismiss();
        toast.error('Logged Out', {
          id: 'logged-out',
          description: loggedOutMessage(reason),
          duration: LOGGED_OUT_TOAST_MS,
        });
        navigate(paths.login(), { replace: true });
      }),
    [queryClient, navigate],
  );
  // Two-factor turned on from another device: the session check now says so, and the guard asks for the code.
  useEffect(
    () => onSecondFactorRequired(() => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })),
    [queryClient],
  );
  return null;
}
