import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { GlobalLoader } from '@/components/layout/global-loader';
import { sessionQuery } from '@/lib/auth-client';

/** /auth/callback: where sign-in links and providers return; routes on once the session is known. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const session = useQuery({ ...sessionQuery, staleTime: 0, refetchOnMount: 'always' });
  if (params.get('error')) return <Navigate to="/login?error=callback" replace />;
  if (session.isPending || session.isFetching) return <GlobalLoader />;
  return <Navigate to={session.data ? '/accounts' : '/login?error=callback'} replace />;
}
