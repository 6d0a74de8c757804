import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { toast } from 'sonner';
import { AppShell } from '@/components/layout/app-shell';
import { GlobalLoader } from '@/components/layout/global-loader';
import { NotificationBell } from '@/features/notifications';
import { CollectionTree } from '@/features/collections';
import { ConnectionIndicator } from '@/features/live';
import { UserMenu } from '@/features/profile';
import { saveAccountPreferences } from '@/lib/account-preferences';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle, useRouteHandle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import { accountQuery } from '../api/accounts-queries';
import { AccountSwitcher } from './account-switcher';

/** The browser's title in a workspace: the page, then the workspace (a page that names itself does it all). */
function useWorkspaceTitle(accountName: string | undefined) {
  const handle = useRouteHandle();
  useDocumentTitle([handle.title, accountName], { when: !handle.namesItself });
}

/**
 * /account/:accountId/*: checks membership, remembers the account, shows the
 * shell. A non-member, or an account that cannot be loaded, goes to /accounts.
 */
export function AccountLayout() {
  const { accountId = '' } = useParams();
  const account = useQuery(accountQuery(accountId));
  useWorkspaceTitle(account.data?.name);

  useEffect(() => {
    if (account.data) saveAccountPreferences(account.data);
  }, [account.data]);
  // A 401 is the session ending: the sign-out says so, not this page.
  const signedOut = account.error instanceof ApiError && account.error.status === 401;
  useEffect(() => {
    if (account.isError && !signedOut) toast.error('Failed to load account');
  }, [account.isError, signedOut]);

  if (account.isPending) return <GlobalLoader />;
  if (account.isError) return <Navigate to={paths.accounts()} replace />;
  return (
    <AppShell
      accountId={account.data.id}
      accountSwitcher={<AccountSwitcher account={account.data} />}
      userMenu={<UserMenu accountId={account.data.id} />}
      tree={<CollectionTree accountId={account.data.id} />}
      status={
        <>
          <ConnectionIndicator />
          <NotificationBell accountId={account.data.id} />
        </>
      }
    >
      {/* The workspace's pages read what the caller may do in it (AccountDto) with useOutletContext. */}
      <Outlet context={account.data} />
    </AppShell>
  );
}
