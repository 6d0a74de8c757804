import { useQuery } from '@tanstack/react-query';
import { BookOpen, CalendarDays, ShieldCheck, Sparkles, UserRound, Users, type LucideIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { meQuery } from '@/features/profile/api/profile';
import { formatDate } from '@/lib/utils';
import { accountQuery, accountStatsQuery } from '../api/accounts-queries';

function StatCard({ label, value, icon: Icon }: { label: string; value: React.ReactNode; icon: LucideIcon }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardDescription className="font-medium">{label}</CardDescription>
        <Icon className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-semibold capitalize">{value}</div>
      </CardContent>
    </Card>
  );
}

const nextSteps = [
  { path: 'knowledge', icon: BookOpen, title: 'Write your first article', text: 'Capture how things work, with tags your team will search by.' },
  { path: 'users', icon: Users, title: 'Invite your team', text: 'Knowledge is better shared. Add colleagues as members or admins.' },
  { path: 'ai-search', icon: Sparkles, title: 'Ask a question', text: 'The AI search answers from your workspace and shows its sources.' },
  { path: 'settings?tab=profile', icon: UserRound, title: 'Complete your profile', text: 'Add your full name so teammates know who wrote what.' },
];

/** /account/:id/dashboard: the workspace at a glance; each card loads on its own. */
export function DashboardPage() {
  const { accountId = '' } = useParams();
  // Opening the dashboard re-checks the account (membership may have changed).
  const account = useQuery({ ...accountQuery(accountId), refetchOnMount: 'always' });
  const stats = useQuery(accountStatsQuery(accountId));
  const me = useQuery(meQuery);
  const firstName = me.data?.profile.full_name?.split(/\s+/)[0];

  return (
    <>
      <PageHeader
        title={firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
        description={account.data ? `Here is what is happening in ${account.data.name}.` : undefined}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label="Members" icon={Users} value={stats.data ? stats.data.members : <Spinner />} />
        <StatCard label="Your role" icon={ShieldCheck} value={account.data?.role ?? <Spinner />} />
        <StatCard label="Created" icon={CalendarDays} value={account.data ? formatDate(account.data.created_at) : <Spinner />} />
      </div>
      <h2 className="mb-3 mt-10 text-lg font-semibold">Get started</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {nextSteps.map(({ path, icon: Icon, title, text }) => (
          <Link key={path} to={`/account/${accountId}/${path}`} className="group rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
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
