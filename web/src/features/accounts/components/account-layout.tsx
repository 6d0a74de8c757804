import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { toast } from 'sonner';
import { AppShell } from '@/components/layout/app-shell';
import { GlobalLoader } from '@/components/layout/global-loader';
import { saveAccountPreferences } from '@/lib/account-preferences';
import { accountQuery } from '../api/accounts-queries';

/**
 * /account/:accountId/*: checks membership, remembers the account, shows the
 * shell. A non-member, or an account that cannot be loaded, goes to /accounts.
 */
export function AccountLayout() {
  const { accountId = '' } = useParams();
  const account = useQuery(accountQuery(accountId));

  useEffect(() => {
    if (account.data) saveAccountPreferences(account.data);
  }, [account.data]);
  useEffect(() => {
    if (account.isError) toast.error('Failed to load account');
  }, [account.isError]);

  if (account.isPending) return <GlobalLoader />;
  if (account.isError) return <Navigate to="/accounts" replace />;
  return (
    <AppShell account={account.data}>
      <Outlet />
    </AppShell>
  );
}

/** /account/:accountId/ and unknown paths under it go to the dashboard. */
export function ToDashboard() {
  const { accountId } = useParams();
  return <Navigate to={`/account/${accountId}/dashboard`} replace />;
}
