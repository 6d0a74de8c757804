import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { GlobalLoader } from '@/components/layout/global-loader';
import { sessionQuery } from '@/lib/auth-client';
import { paths } from '@/lib/paths';
import { rememberReturnTo } from '@/lib/return-to';

/** /login and /signup: a signed-in user goes on to their accounts. */
export function SignedOutOnly() {
  const session = useQuery(sessionQuery);
  if (session.isPending) return <GlobalLoader />;
  return session.data ? <Navigate to={paths.accounts()} replace /> : <Outlet />;
}

/**
 * Everything else: a signed-out visitor is sent to /login, replacing the
 * history entry; where they were going is remembered for after sign-in.
 */
export function SignedInOnly() {
  const session = useQuery(sessionQuery);
  const location = useLocation();
  if (session.isPending) return <GlobalLoader />;
  if (session.data) return <Outlet />;
  rememberReturnTo(location.pathname + location.search);
  return <Navigate to={paths.login()} replace />;
}
