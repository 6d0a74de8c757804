import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { KnowledgeCheatsheet, WeeklyChart } from '@/features/knowledge';
import { meQuery } from '@/features/profile';
import { sessionQuery } from '@/lib/session';
import { formatDate } from '@/lib/utils';
import { accountQuery } from '../api/accounts-queries';
import { CountCards } from '../components/count-cards';
import { GettingStarted } from '../components/getting-started';
import { isNewUser } from '../lib/getting-started';

/** /account/:id/dashboard: the workspace at a glance; each card loads on its own. */
export function DashboardPage() {
  const { accountId = '' } = useParams();
  // Opening the dashboard re-checks the account (membership may have changed).
  const account = useQuery({ ...accountQuery(accountId), refetchOnMount: 'always' });
  const me = useQuery(meQuery);
  const session = useQuery(sessionQuery);
  const firstName = me.data?.profile.full_name?.split(/\s+/)[0];
  // Someone in the sign-in that made their user is new here, not back: greeted so, with the first steps on top.
  const isNew = session.data ? isNewUser(session.data.user.createdAt, session.data.signedInAt) : false;
  const greeting = isNew ? 'Welcome to Lore' : 'Welcome back';

  return (
    <>
      <PageHeader
        title={firstName ? `${greeting}, ${firstName}` : greeting}
        description={
          account.data
            ? `Here is what is happening in ${account.data.name}, created ${formatDate(account.data.created_at)}.`
            : undefined
        }
        actions={
          account.data && (
            <span className="flex items-center gap-2 text-sm text-muted-foreground">
              Your role
              <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium capitalize text-accent-foreground">
                {account.data.role}
              </span>
            </span>
          )
        }
      />
      {isNew && <GettingStarted accountId={accountId} first />}
      <CountCards accountId={accountId} />
      <h2 className="mb-3 mt-10 text-lg font-semibold">Knowledge cheatsheet</h2>
      <KnowledgeCheatsheet accountId={accountId} />
      <Card className="mt-4">
        <CardHeader className="pb-2">
          <CardTitle className="text-sm">Items created per week</CardTitle>
          <CardDescription>The last 12 weeks</CardDescription>
        </CardHeader>
        <CardContent>
          <WeeklyChart accountId={accountId} />
        </CardContent>
      </Card>
      {!isNew && <GettingStarted accountId={accountId} />}
    </>
  );
}
