import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSignOut } from '@/features/auth';
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

const TwoFactorVerifyScreen = lazy(() =>
  import('@/features/two-factor').then((m) => ({ default: m.TwoFactorVerifyScreen })),
);

/**
 * Everything else: a signed-out visitor is sent to /login, replacing the
 * history entry; where they were going is remembered for after sign-in. A
 * session that owes its two-factor code sees 'Verify with 2FA' before the app.
 */
export function SignedInOnly() {
  const session = useQuery(sessionQuery);
  const location = useLocation();
  const signOut = useSignOut();
  if (session.isPending) return <GlobalLoader />;
  if (session.data?.secondFactor === 'pending') {
    return (
      <Suspense fallback={<GlobalLoader />}>
        <TwoFactorVerifyScreen onCancel={() => void signOut()} />
      </Suspense>
    );
  }
  if (session.data) return <Outlet />;
  rememberReturnTo(location.pathname + location.search);
  return <Navigate to={paths.login()} replace />;
}
