import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { OtherAccount } from '@common/api/sign-in';
import { AuthLayout } from '@/components/layout/auth-layout';
import { GlobalLoader } from '@/components/layout/global-loader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { sessionQuery } from '@/lib/session';
import { paths } from '@/lib/paths';
import { clearReturnTo, readReturnTo } from '@/lib/return-to';
import { AuthError, redeemLink, type LinkFailure } from '../api/sign-in';
import { clearSignupName, readSignupName } from '../lib/signup-name';

/**
 * /auth/callback: where sign-in links and providers return. A link arrives as
 * ?token=, which this page redeems; then it routes on (to where the user was going).
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <RedeemLink token={token} />;
  return <RouteOnceSignedIn failed={Boolean(params.get('error'))} />;
}

function RouteOnceSignedIn({ failed }: { failed: boolean }) {
  const session = useQuery({ ...sessionQuery, staleTime: 0, refetchOnMount: 'always' });
  const signedIn = Boolean(session.data);
  // Forget the remembered destination once we have left for it.
  useEffect(() => (signedIn ? clearReturnTo : undefined), [signedIn]);
  if (failed) return <Navigate to={paths.login('callback')} replace />;
  if (session.isPending || session.isFetching) return <GlobalLoader />;
  return <Navigate to={signedIn ? (readReturnTo() ?? paths.accounts()) : paths.login('callback')} replace />;
}

type Step =
  { kind: 'redeeming' } | { kind: 'choose'; otherAccount: OtherAccount } | { kind: 'failed'; failure: LinkFailure };

/**
 * Redeems the link at once, unless someone else is signed in in this browser:
 * then it asks, so a link nobody meant to follow (one planted in an article,
 * say) cannot switch users behind their back.
 */
function RedeemLink({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'redeeming' });
  const started = useRef(false);

  const redeem = async (switchAccount: boolean) => {
    setStep({ kind: 'redeeming' });
    try {
      const outcome = await redeemLink({ token, name: readSignupName(), switchAccount });
      if (!outcome.signedIn) return setStep({ kind: 'choose', otherAccount: outcome.otherAccount });
      clearSignupName();
      // Whatever was cached belonged to whoever was signed in before.
      queryClient.clear();
      const destination = readReturnTo() ?? paths.accounts();
      clearReturnTo();
      navigate(destination, { replace: true });
    } catch (error) {
      setStep({ kind: 'failed', failure: (error instanceof AuthError && error.failure) || { reason: 'invalid' } });
    }
  };

  useEffect(() => {
    // Once: a link works only once, and React may run an effect twice in development.
    if (started.current) return;
    started.current = true;
    void redeem(false);
  });

  // /login says why, and offers a new link to the same address; the address travels in history state, not the URL.
  if (step.kind === 'failed')
    return <Navigate to={paths.login('link')} replace state={{ linkFailure: step.failure }} />;
  if (step.kind === 'redeeming') return <GlobalLoader />;
  const { currentEmail, linkEmail } = step.otherAccount;
  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-xl">Switch account?</CardTitle>
          <CardDescription>
            You are signed in as <Address>{currentEmail}</Address>. This sign-in link is for{' '}
            <Address>{linkEmail}</Address>.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Button onClick={() => void redeem(true)}>Switch account</Button>
          <Button variant="outline" asChild>
            <Link to={paths.accounts()} replace>
              Stay signed in
            </Link>
          </Button>
          <p className="mt-2 text-center text-xs text-muted-foreground">
            If you did not mean to open a sign-in link, stay: the link is not used.
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

/** An e-mail address in running text: long ones wrap anywhere rather than widen the card. */
const Address = ({ children }: { children: string }) => (
  <span className="font-medium text-foreground [overflow-wrap:anywhere]">{children}</span>
);
