import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { authClient, sessionQuery } from '@/lib/auth-client';
import { paths } from '@/lib/paths';

/** Ends this browser's session only, forgets cached data and goes to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const { error } = await authClient.signOut();
    if (error) {
      toast.error('Sign-out failed. Please try again.');
      return;
    }
    queryClient.clear();
    queryClient.setQueryData(sessionQuery.queryKey, null);
    navigate(paths.login(), { replace: true });
  };
}
