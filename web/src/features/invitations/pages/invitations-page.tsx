import { useQuery } from '@tanstack/react-query';
import { Check, Inbox, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { MyInvitationDto } from '@common/members';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Initials } from '@/components/layout/initials';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { SignOutButton } from '@/features/auth';
import { sessionQuery } from '@/lib/session';
import { paths } from '@/lib/paths';
import { formatDate } from '@/lib/utils';
import { myInvitationsQuery, useAcceptInvitation, useDeclineInvitation } from '../api/invitations';

/** /invitations: the signed-in user's pending invitations, each accepted or declined here. */
export function InvitationsPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const session = useQuery(sessionQuery);
  const invitations = useQuery(myInvitationsQuery(token));
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  // Declining cannot be undone (only a new invitation brings it back): it is confirmed first.
  const [declining, setDeclining] = useState<MyInvitationDto | null>(null);

  // The invitation the e-mailed link names is answered by its token; the others by id.
  const referenceFor = (invite: MyInvitationDto) =>
    token && invitations.data?.tokenInviteId === invite.id ? { token } : { inviteId: invite.id };

  const onAccept = (invite: MyInvitationDto) =>
    accept.mutate(
      { ...referenceFor(invite), userId: session.data?.user.id ?? '' },
      {
        onSuccess: ({ account_id }) => {
          toast.success(`You joined ${invite.account_name}`);
          navigate(paths.account(account_id).dashboard());
        },
        onError: (failure) =>
          toast.error('Failed to accept invitation. Please try again.', { description: failure.message }),
      },
    );

  const onDecline = (invite: MyInvitationDto) =>
    decline.mutate(referenceFor(invite), {
      onSuccess: () => toast.success(`Invitation to ${invite.account_name} declined`),
      onError: (failure) =>
        toast.error('Failed to reject invitation. Please try again.', { description: failure.message }),
      onSettled: () => setDeclining(null),
    });

  const busy = accept.isPending || decline.isPending;
  return (
    <AuthLayout aside={<SignOutButton />}>
      <h1 className="mb-1 text-xl font-semibold">Invitations</h1>
      <p className="mb-4 text-sm text-muted-foreground">Workspaces that invited {session.data?.user.email ?? 'you'}.</p>
      {invitations.data?.tokenError && (
        <p role="alert" className="mb-4 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {invitations.data.tokenError}
        </p>
      )}
      {invitations.isPending && <Spinner className="mx-auto my-10 size-6" label="Loading invitations" />}
      {invitations.isError && (
        <p role="alert" className="text-sm text-destructive">
          {invitations.error.message}{' '}
          <button className="underline" onClick={() => void invitations.refetch()}>
            Try again
          </button>
        </p>
      )}
      {invitations.data?.invitations.length === 0 && (
        <EmptyState
          icon={Inbox}
          title="No pending invitations"
          action={
            <Button asChild variant="outline">
              <Link to={paths.accounts()}>Go to your workspaces</Link>
            </Button>
          }
        >
          When someone invites you to a workspace, it appears here.
        </EmptyState>
      )}
      {invitations.data && invitations.data.invitations.length > 0 && (
        <Card className="divide-y overflow-hidden">
          {invitations.data.invitations.map((invite) => (
            <div key={invite.id} className="flex flex-col gap-3 p-4" data-testid={`invitation-${invite.account_name}`}>
              <div className="flex items-center gap-3">
                <Initials name={invite.account_name} />
                <div className="min-w-0">
                  <div className="truncate font-medium">{invite.account_name}</div>
                  <div className="text-xs text-muted-foreground">
                    {invite.invited_by_name ? `${invite.invited_by_name} invited you` : 'You are invited'} as{' '}
                    {invite.role === 'admin' ? 'an admin' : 'a member'} · expires {formatDate(invite.expires_at)}
                  </div>
                </div>
              </div>
              <div className="flex gap-2">
                <Button className="flex-1" disabled={busy} onClick={() => onAccept(invite)}>
                  <Check /> Accept
                </Button>
                <Button className="flex-1" variant="outline" disabled={busy} onClick={() => setDeclining(invite)}>
                  <X /> Decline
                </Button>
              </div>
            </div>
          ))}
        </Card>
      )}
      <ConfirmDialog
        open={Boolean(declining)}
        onOpenChange={(open) => !open && setDeclining(null)}
        title="Decline invitation?"
        description={`You will not join ${declining?.account_name ?? 'this workspace'}. This cannot be undone: to join later, someone there must invite you again.`}
        confirmLabel="Decline invitation"
        busyLabel="Declining..."
        busy={decline.isPending}
        destructive
        onConfirm={() => declining && onDecline(declining)}
      />
    </AuthLayout>
  );
}
