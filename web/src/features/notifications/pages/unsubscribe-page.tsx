import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { unsubscribe } from '@common/api/routes';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { readAccountPreferences } from '@/lib/account-preferences';
import { api } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { sessionQuery } from '@/lib/session';

/**
 * /unsubscribe?token=: the link at the foot of every notification e-mail (decision 38). It works
 * signed out: the signed token says whose mail stops. Opening it turns comment and mention e-mails
 * off at once; the page says so, or that the link is not valid, and offers the settings to whoever
 * is signed in in this browser.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useQuery(sessionQuery);
  const stop = useMutation({
    mutationFn: () => api(unsubscribe, { json: { token } }),
  });
  const started = useRef(false);
  useEffect(() => {
    // Once: React may run an effect twice in development.
    if (started.current || !token) return;
    started.current = true;
    stop.mutate();
  });

  const invalid = !token || stop.isError;
  return (
    <AuthLayout>
      <Card data-testid="unsubscribe">
        {stop.isSuccess ? (
          <CardHeader className="text-center">
            <CardTitle className="text-xl" role="status">
              You are unsubscribed
            </CardTitle>
            <CardDescription>
              Lore will no longer e-mail you about comments or mentions. You still see them under the bell in the app.
            </CardDescription>
          </CardHeader>
        ) : invalid ? (
          <CardHeader className="text-center">
            <CardTitle className="text-xl" role="alert">
              This link is not valid
            </CardTitle>
            <CardDescription>
              {stop.error?.message && stop.error.message !== 'This unsubscribe link is not valid'
                ? `${stop.error.message}. `
                : ''}
              It may have been cut short when copied: open the unsubscribe link from a recent Lore e-mail.
            </CardDescription>
          </CardHeader>
        ) : (
          <CardHeader className="items-center text-center">
            <Spinner className="size-6" label="Unsubscribing" />
            <CardTitle className="text-xl">Unsubscribing…</CardTitle>
          </CardHeader>
        )}
        {!stop.isPending && (
          <CardContent className="grid gap-2">
            {session.data ? (
              <Button asChild variant={invalid ? 'default' : 'outline'}>
                <Link to={settingsPath()}>Open e-mail settings</Link>
              </Button>
            ) : (
              <p className="text-center text-sm text-muted-foreground">
                To choose which e-mails you get,{' '}
                <Link to={paths.login()} className="underline underline-offset-4">
                  sign in
                </Link>{' '}
                and open Settings.
              </p>
            )}
          </CardContent>
        )}
      </Card>
    </AuthLayout>
  );
}

/** Settings > Profile of the workspace last worked in, or the workspace selector when none is remembered. */
function settingsPath() {
  const remembered = readAccountPreferences();
  return remembered ? paths.account(remembered.currentAccountId).settings('profile') : paths.accounts();
}
