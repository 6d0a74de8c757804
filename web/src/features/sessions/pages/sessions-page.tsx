import { useQuery } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { sessionsQuery, useEndSession, useSignOutOthers } from '../api/sessions-queries';
import { SessionRow } from '../components/session-row';

/** /account/:id/sessions: where the user is signed in; sign out one session or every other. */
export function SessionsPage() {
  const sessions = useQuery(sessionsQuery);
  const endOne = useEndSession();
  const endOthers = useSignOutOthers();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Sessions"
        description="Where you are signed in. Sign out any device you do not recognise."
        actions={
          <Button variant="destructive" disabled={others === 0} onClick={() => setConfirming(true)}>
            <LogOut /> Sign Out Everywhere Else
          </Button>
        }
      />
      {sessions.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : sessions.isError ? (
        <EmptyState
          icon={MonitorSmartphone}
          title="Could not load your sessions"
          action={
            <Button variant="outline" onClick={() => void sessions.refetch()}>
              <RefreshCw /> Try Again
            </Button>
          }
        >
          {sessions.error.message}
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={endOne.isPending && endOne.variables === session.id}
              onSignOut={() => endOne.mutate(session.id)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere else?"
        description="Every other device and browser signed in to your account is signed out now. This one stays signed in."
        confirmLabel="Sign Out Everywhere Else"
        busyLabel="Signing out..."
        busy={endOthers.isPending}
        destructive
        onConfirm={() => endOthers.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}
