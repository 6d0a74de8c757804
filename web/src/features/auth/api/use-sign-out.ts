import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { wipeLocalData } from '@/lib/local-data';
import { deactivateStoredLoginSession } from '@/lib/login-session';
import { paths } from '@/lib/paths';
import { sessionQuery } from '@/lib/session';
import { noteSessionEnded, reportSessionEnd, signedInUser } from '@/lib/session-end';

/**
 * Ends this browser's session: deactivates its login session, signs out, tells
 * the other open tabs, wipes Lore's local data for the person and goes to /login.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await deactivateStoredLoginSession(signedInUser());
    // Loaded now: every page signs out from the shell, so its client stays out of the first load.
    const { authClient } = await import('@/lib/auth-client');
    const { error } = await authClient.signOut();
    if (error) {
      toast.error('Sign-out failed. Please try again.');
      return;
    }
    reportSessionEnd('signed_out');
    noteSessionEnded();
    wipeLocalData();
    queryClient.clear();
    queryClient.setQueryData(sessionQuery.queryKey, null);
    navigate(paths.login(), { replace: true });
  };
}
