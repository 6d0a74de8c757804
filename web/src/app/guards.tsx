import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { RefreshCw, WifiOff } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSignOut } from '@/features/auth';
import { meQuery, NamePrompt } from '@/features/profile';
import { GlobalLoader } from '@/components/layout/global-loader';
import { ServerBusyScreen } from '@/components/layout/server-busy';
import { Button } from '@/components/ui/button';
import { useLoginSession } from '@/features/sessions';
import { SessionCheckError, sessionQuery } from '@/lib/session';
import { paths } from '@/lib/paths';
import { rememberReturnTo } from '@/lib/return-to';
import { sessionEndedHere } from '@/lib/session-end';
import { SessionWatcher } from './session-watcher';

/** When Lore failed the session check without saying when to come back: ask again after this. */
const SERVER_FAILURE_RETRY_SECONDS = 5;

/** The session check could not reach Lore at all: a connection problem, never a sign-out. */
function ConnectionProblem({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <WifiOff className="size-6" />
      </div>
      <h1 className="text-lg font-semibold">Cannot reach Lore</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        Check your internet connection. You are still signed in; Lore will carry on when it can reach the server.
      </p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw /> {retrying ? 'Trying again...' : 'Try Again'}
      </Button>
    </div>
  );
}

/** /login and /signup: a signed-in user goes on to their accounts. */
export function SignedOutOnly() {
  const session = useQuery(sessionQuery);
  if (session.isPending) return <GlobalLoader />;
  if (session.isError) return <Outlet />;
  return session.data ? <Navigate to={paths.accounts()} replace /> : <Outlet />;
}

/**
 * The page of someone signed in without a name: drawn together with the name
 * prompt above it (or without it, once they answered it). A prompt appearing
 * over a page already drawn would move everything under it as a person reaches
 * for it, so the page waits for the profile, which its shell asks for anyway.
 * The prompt's code comes with the app's (1 kB): loaded apart, it would hold up
 * the page, or the taking over of a page the server drew. A profile that cannot
 * be read leaves the prompt out.
 */
function PageOfTheNameless() {
  const me = useQuery(meQuery);
  if (me.isPending) return <GlobalLoader />;
  return (
    <>
      {me.data?.ask_for_name && <NamePrompt />}
      <Outlet />
    </>
  );
}

const TwoFactorVerifyScreen = lazy(() =>
  import('@/features/two-factor').then((m) => ({ default: m.TwoFactorVerifyScreen })),
);
// Loaded once signed in, so the sign-in page's first load stays small.
const LiveUpdates = lazy(() => import('@/features/live').then((m) => ({ default: m.LiveUpdates })));

/**
 * Everything else: a signed-out visitor is sent to /login, replacing the
 * history entry; where they were going is remembered for after sign-in (not
 * after signing out). A signed-in user's login session runs here, and its end
 * (in this tab or another) signs them out. A session that owes its two-factor
 * code sees 'Verify with 2FA' before the app; someone without a name is asked
 * for one above the page, once.
 */
export function SignedInOnly() {
  const session = useQuery(sessionQuery);
  const location = useLocation();
  const signOut = useSignOut();
  useLoginSession(session.data?.secondFactor === 'pending' ? undefined : session.data?.user.id);
  const { refetch } = session;
  const refetchSession = useCallback(() => void refetch(), [refetch]);
  if (session.isPending) return <GlobalLoader />;
  if (session.isError && !session.data) {
    const failure = session.error;
    // Lore answered (busy, or failing): not the person's connection; it asks again by itself.
    if (failure instanceof SessionCheckError && failure.reason !== 'offline')
      return (
        <ServerBusyScreen
          key={session.errorUpdatedAt}
          seconds={failure.retryAfterSeconds ?? SERVER_FAILURE_RETRY_SECONDS}
          onRetry={refetchSession}
          retrying={session.isFetching}
        />
      );
    return <ConnectionProblem onRetry={refetchSession} retrying={session.isFetching} />;
  }
  if (session.data?.secondFactor === 'pending') {
    return (
      <Suspense fallback={<GlobalLoader />}>
        <TwoFactorVerifyScreen onCancel={() => void signOut()} />
      </Suspense>
    );
  }
  if (session.data) {
    return (
      <>
        <SessionWatcher />
        <Suspense fallback={null}>
          <LiveUpdates userId={session.data.user.id} />
        </Suspense>
        {/* Someone signed in with a name is never asked for one: their page does not wait for the profile. */}
        {session.data.user.name.trim() ? <Outlet /> : <PageOfTheNameless />}
      </>
    );
  }
  // After a sign-out here, where they were is theirs and is not kept.
  if (!sessionEndedHere()) rememberReturnTo(location.pathname + location.search);
  return <Navigate to={paths.login()} replace />;
}
