import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { GlobalLoader } from '@/components/layout/global-loader';
import { sessionQuery } from '@/lib/auth-client';

/** /login and /signup: a signed-in user goes on to their accounts. */
export function SignedOutOnly() {
  const session = useQuery(sessionQuery);
  if (session.isPending) return <GlobalLoader />;
  return session.data ? <Navigate to="/accounts" replace /> : <Outlet />;
}

/** Everything else: a signed-out visitor is sent to /login, replacing the history entry. */
export function SignedInOnly() {
  const session = useQuery(sessionQuery);
  if (session.isPending) return <GlobalLoader />;
  return session.data ? <Outlet /> : <Navigate to="/login" replace />;
}
