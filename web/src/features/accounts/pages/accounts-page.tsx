import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { GlobalLoader } from '@/components/layout/global-loader';
import { Initials } from '@/components/layout/initials';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SignOutButton } from '@/features/auth';
import { paths } from '@/lib/paths';
import { formatDate } from '@/lib/utils';
import { accountsQuery } from '../api/accounts-queries';
import { CreateAccountDialog } from '../components/create-account-dialog';

/**
 * /accounts: the account selector. With no workspace it shows `whenEmpty`
 * (the app passes what sends the user on to /welcome, or to /invitations when
 * someone invited them); with exactly one, it goes to its dashboard (unless
 * the user asked to see them all).
 */
export function AccountsPage({ whenEmpty }: { whenEmpty: ReactNode }) {
  const [params] = useSearchParams();
  const accounts = useQuery({ ...accountsQuery, refetchOnMount: 'always' });
  const [creating, setCreating] = useState(false);

  if (accounts.isPending) return <GlobalLoader />;
  if (accounts.isError) {
    return (
      <AuthLayout>
        <p role="alert" className="text-center text-sm text-destructive">
          Failed to load account.{' '}
          <button className="underline" onClick={() => void accounts.refetch()}>
            Try again
          </button>
        </p>
      </AuthLayout>
    );
  }
  if (accounts.data.length === 0) return whenEmpty;
  if (accounts.data.length === 1 && !params.has('all')) {
    return <Navigate to={paths.account(accounts.data[0]!.id).dashboard()} replace />;
  }

  return (
    <AuthLayout aside={<SignOutButton />}>
      <h1 className="mb-1 text-xl font-semibold">Choose a workspace</h1>
      <p className="mb-4 text-sm text-muted-foreground">Newest first.</p>
      <Card className="divide-y overflow-hidden">
        {accounts.data.map((account) => (
          <Link
            key={account.id}
            to={paths.account(account.id).dashboard()}
            className="flex items-center gap-3 px-4 py-3 hover:bg-muted focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
          >
            <Initials name={account.name} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{account.name}</span>
              <span className="block text-xs capitalize text-muted-foreground">
                {account.role} · created {formatDate(account.created_at)}
              </span>
            </span>
            <ChevronRight className="size-4 text-muted-foreground" />
          </Link>
        ))}
      </Card>
      <Button variant="outline" className="mt-4 w-full" onClick={() => setCreating(true)}>
        <Plus /> Create workspace
      </Button>
      <CreateAccountDialog open={creating} onOpenChange={setCreating} />
    </AuthLayout>
  );
}
