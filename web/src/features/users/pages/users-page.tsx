import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MailPlus, Search, UserPlus, Users } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import type { MemberDto, PendingInviteDto } from '@common/members';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TwoFactorDialog } from '@/features/two-factor';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { accountQuery, accountUsersKeys, accountUsersQuery } from '@/features/accounts';
import { sessionQuery } from '@/lib/session';
import { useCancelInvite } from '../api/member-mutations';
import { ChangeRoleDialog } from '../components/change-role-dialog';
import { InviteUserDialog } from '../components/invite-user-dialog';
import { PendingTable } from '../components/pending-table';
import { RemoveMemberDialog } from '../components/remove-member-dialog';
import { TransferOwnershipDialog } from '../components/transfer-ownership-dialog';
import { UsersTable, type MemberAction } from '../components/users-table';

const matches = (needle: string, ...values: Array<string | null>) =>
  values.some((value) => value?.toLowerCase().includes(needle));

/** /account/:id/users: members and pending invitations, with the actions the caller's role allows. */
export function UsersPage() {
  const { accountId = '' } = useParams();
  const users = useQuery(accountUsersQuery(accountId));
  const queryClient = useQueryClient();
  // An expired avatar URL is renewed by fetching the list again: the server signs fresh ones.
  const renewAvatars = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: accountUsersKeys.of(accountId) }),
    [queryClient, accountId],
  );
  const account = useQuery(accountQuery(accountId));
  const session = useQuery(sessionQuery);
  const cancelInvite = useCancelInvite(accountId);
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const [action, setAction] = useState<{ kind: MemberAction; member: MemberDto } | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const [cancelling, setCancelling] = useState<PendingInviteDto | null>(null);

  // A refresh that fails while the list is shown keeps the list, and says so (spec section 8).
  const refreshFailedAt = users.isRefetchError ? users.errorUpdatedAt : 0;
  const refreshFailure = users.isRefetchError ? users.error.message : undefined;
  useEffect(() => {
    if (refreshFailedAt) toast.error('Failed to refresh user data', { description: refreshFailure });
  }, [refreshFailedAt, refreshFailure]);

  const needle = search.trim().toLowerCase();
  const data = users.data;
  const currentUserId = session.data?.user.id ?? '';
  const members = data?.members.filter((m) => !needle || matches(needle, m.profiles.full_name, m.profiles.email)) ?? [];
  const invites = data?.pendingInvites.filter((i) => !needle || matches(needle, i.email)) ?? [];

  const onAction = (kind: MemberAction, member: MemberDto) => {
    if (kind === 'makeOwner') {
      setAction({ kind, member });
      setTransferOpen(true);
    } else setAction({ kind, member });
  };

  const confirmCancel = () =>
    cancelling &&
    cancelInvite.mutate(cancelling.id, {
      onSuccess: () => toast.success(`Invitation to ${cancelling.email} cancelled`),
      onError: (failure) =>
        toast.error('Failed to cancel invitation. Please try again.', { description: failure.message }),
      onSettled: () => setCancelling(null),
    });

  return (
    <>
      <PageHeader
        title="Users"
        description={account.data ? `People who can read and write knowledge in ${account.data.name}.` : undefined}
        actions={
          data?.policies.invite && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus /> Invite User
            </Button>
          )
        }
      />
      {users.isPending && <Spinner className="mx-auto my-16 size-6" label="Loading users" />}
      {users.isError && !data && (
        <EmptyState
          icon={Users}
          title={`Error loading users: ${users.error.message}`}
          action={
            <Button variant="outline" onClick={() => void users.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {data && (
        <Tabs defaultValue="users">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <TabsList>
              <TabsTrigger value="users">Users ({data.members.length})</TabsTrigger>
              {data.policies.invite && (
                <TabsTrigger value="pending">Pending ({data.pendingInvites.length})</TabsTrigger>
              )}
            </TabsList>
            <div className="relative sm:w-72">
              <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                className="pl-9"
                type="search"
                placeholder="Search by name or email"
                aria-label="Search users"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </div>
          <TabsContent value="users" className="mt-4">
            {members.length > 0 ? (
              <UsersTable
                members={members}
                currentUserId={currentUserId}
                onAction={onAction}
                onAvatarExpired={renewAvatars}
              />
            ) : (
              <EmptyState icon={Search} title="No matching users">
                Try another name or e-mail address.
              </EmptyState>
            )}
          </TabsContent>
          <TabsContent value="pending" className="mt-4">
            {invites.length > 0 ? (
              <PendingTable invites={invites} canCancel={data.policies.cancelInvite} onCancel={setCancelling} />
            ) : (
              <EmptyState icon={MailPlus} title={needle ? 'No matching invitations' : 'No pending invitations'}>
                {needle
                  ? 'Try another e-mail address.'
                  : 'Invite colleagues and they will appear here until they accept.'}
              </EmptyState>
            )}
          </TabsContent>
        </Tabs>
      )}

      {data && (
        <>
          <InviteUserDialog
            accountId={accountId}
            canInviteAdmin={data.policies.inviteAsAdmin}
            open={inviting}
            onOpenChange={setInviting}
          />
          <ChangeRoleDialog
            accountId={accountId}
            member={action?.kind === 'changeRole' ? action.member : null}
            onClose={() => setAction(null)}
          />
          <RemoveMemberDialog
            accountId={accountId}
            accountName={account.data?.name ?? 'this account'}
            member={action?.kind === 'remove' || action?.kind === 'leave' ? action.member : null}
            leaving={action?.kind === 'leave'}
            onClose={() => setAction(null)}
          />
          <TransferOwnershipDialog
            accountId={accountId}
            currentOwnerId={currentUserId}
            members={data.members}
            initialNewOwner={action?.kind === 'makeOwner' ? action.member : null}
            open={transferOpen}
            onClose={() => {
              setTransferOpen(false);
              setAction(null);
            }}
          />
          <TwoFactorDialog open={action?.kind === 'twoFactor'} onOpenChange={(open) => !open && setAction(null)} />
          <ConfirmDialog
            open={Boolean(cancelling)}
            onOpenChange={(open) => !open && setCancelling(null)}
            title="Cancel invitation?"
            description={`The link sent to ${cancelling?.email ?? ''} will stop working.`}
            confirmLabel="Cancel invitation"
            busyLabel="Cancelling..."
            busy={cancelInvite.isPending}
            destructive
            onConfirm={confirmCancel}
          />
        </>
      )}
    </>
  );
}
