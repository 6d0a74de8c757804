import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { EmailSettingsCard } from '@/features/notifications';
import { ProfileForm } from '@/features/profile';
import { ApiTokensCard } from '@/features/api-tokens';
import { TwoFactorCard } from '@/features/two-factor';
import { accountQuery, accountsQuery } from '../api/accounts-queries';
import { AccountSettings } from '../components/account-settings';

const TABS = ['account', 'profile', 'billing'] as const;

/** /account/:id/settings: tabs account (default), profile and billing, kept in ?tab=. */
export function SettingsPage() {
  const { accountId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const account = useQuery(accountQuery(accountId));
  const accounts = useQuery(accountsQuery);
  const requested = params.get('tab');
  const tab = TABS.find((t) => t === requested) ?? 'account';

  return (
    <>
      <PageHeader title="Settings" />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'account' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList>
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="billing">Billing</TabsTrigger>
        </TabsList>
        <TabsContent value="account">
          {account.data ? <AccountSettings key={account.data.id} account={account.data} /> : <Spinner />}
        </TabsContent>
        <TabsContent value="profile" className="grid gap-6">
          <ProfileForm />
          <EmailSettingsCard />
          <TwoFactorCard />
          <ApiTokensCard accountId={accountId} workspaces={accounts.data ?? []} />
        </TabsContent>
        <TabsContent value="billing">
          <EmptyState icon={CreditCard} title="No billing">
            This Lore is self-hosted: there is no plan to choose and nothing to pay.
          </EmptyState>
        </TabsContent>
      </Tabs>
    </>
  );
}
