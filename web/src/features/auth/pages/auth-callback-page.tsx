import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { GlobalLoader } from '@/components/layout/global-loader';
import { sessionQuery } from '@/lib/auth-client';
import { paths } from '@/lib/paths';
import { clearReturnTo, readReturnTo } from '@/lib/return-to';

/** /auth/callback: where sign-in links and providers return; routes on (to where the user was going) once signed in. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const session = useQuery({ ...sessionQuery, staleTime: 0, refetchOnMount: 'always' });
  const signedIn = Boolean(session.data);
  // Forget the remembered destination once we have left for it.
  useEffect(() => (signedIn ? clearReturnTo : undefined), [signedIn]);
  if (params.get('error')) return <Navigate to={paths.login('callback')} replace />;
  if (session.isPending || session.isFetching) return <GlobalLoader />;
  return <Navigate to={signedIn ? (readReturnTo() ?? paths.accounts()) : paths.login('callback')} replace />;
}
