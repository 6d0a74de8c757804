import { useQuery } from '@tanstack/react-query';
import { BookOpen, Sparkles, UserRound, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { KnowledgeCheatsheet, WeeklyChart } from '@/features/knowledge';
import { meQuery } from '@/features/profile';
import { paths, type AccountPaths } from '@/lib/paths';
import { formatDate } from '@/lib/utils';
import { accountQuery } from '../api/accounts-queries';
import { CountCards } from '../components/count-cards';

const nextSteps = [
  {
    to: (a: AccountPaths) => a.createArticle(),
    icon: BookOpen,
    title: 'Write an article',
    text: 'Capture how things work, with tags your team will search by.',
  },
  {
    to: (a: AccountPaths) => a.users(),
    icon: Users,
    title: 'Invite your team',
    text: 'Knowledge is better shared. Add colleagues as members or admins.',
  },
  {
    to: (a: AccountPaths) => a.aiSearch(),
    icon: Sparkles,
    title: 'Ask a question',
    text: 'The AI search answers from your workspace and shows its sources.',
  },
  {
    to: (a: AccountPaths) => a.settings('profile'),
    icon: UserRound,
    title: 'Complete your profile',
    text: 'Add your full name so teammates know who wrote what.',
  },
];

/** /account/:id/dashboard: the workspace at a glance; each card loads on its own. */
export function DashboardPage() {
  const { accountId = '' } = useParams();
  // Opening the dashboard re-checks the account (membership may have changed).
  const account = useQuery({ ...accountQuery(accountId), refetchOnMount: 'always' });
  const me = useQuery(meQuery);
  const firstName = me.data?.profile.full_name?.split(/\s+/)[0];

  return (
    <>
      <PageHeader
        title={firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
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
      <h2 className="mb-3 mt-10 text-lg font-semibold">Get started</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {nextSteps.map(({ to, icon: Icon, title, text }) => (
          <Link
            key={title}
            to={to(paths.account(accountId))}
            className="group rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Card className="h-full transition-colors group-hover:border-primary/40 group-hover:bg-accent/40">
              <CardHeader className="flex-row items-start gap-4">
                <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-5" />
                </div>
                <div className="grid gap-1">
                  <CardTitle className="text-base">{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </div>
              </CardHeader>
            </Card>
          </Link>
        ))}
      </div>
    </>
  );
}
