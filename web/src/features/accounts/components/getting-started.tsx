import { useQuery } from '@tanstack/react-query';
import { BookOpen, CircleCheck, Sparkles, UserRound, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { knowledgeCountQuery } from '@/features/knowledge';
import { meQuery } from '@/features/profile';
import { accountUsersQuery } from '../api/account-users-query';
import { hasAskedQuestion } from '@/lib/asked-question';
import { paths, type AccountPaths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { gettingStartedSteps, type StepId } from '../lib/getting-started';

const stepContent: Record<StepId, { to: (a: AccountPaths) => string; icon: LucideIcon; title: string; text: string }> =
  {
    write: {
      to: (a) => a.createArticle(),
      icon: BookOpen,
      title: 'Write an article',
      text: 'Capture how things work, with tags your team will search by.',
    },
    invite: {
      to: (a) => a.users(),
      icon: Users,
      title: 'Invite your team',
      text: 'Knowledge is better shared. Add colleagues as members or admins.',
    },
    ask: {
      to: (a) => a.aiSearch(),
      icon: Sparkles,
      title: 'Ask a question',
      text: 'The AI search answers from your workspace and shows its sources.',
    },
    profile: {
      to: (a) => a.settings('profile'),
      icon: UserRound,
      title: 'Complete your profile',
      text: 'Add your full name so teammates know who wrote what.',
    },
  };

/**
 * The dashboard's first steps, each ticked off once done (read from the
 * workspace and the profile); the section leaves once every step is done.
 * `first`: at the top of the page (for someone new), rather than at its foot.
 */
export function GettingStarted({ accountId, first = false }: { accountId: string; first?: boolean }) {
  // Read afresh on each visit: a step done on another page ticks off on coming back.
  const knowledge = useQuery({ ...knowledgeCountQuery(accountId), refetchOnMount: 'always' });
  const users = useQuery({ ...accountUsersQuery(accountId), refetchOnMount: 'always' });
  const me = useQuery(meQuery);
  const steps = gettingStartedSteps({
    items: knowledge.data?.count,
    members: users.data?.members.length,
    pendingInvites: users.data?.pendingInvites.length,
    canInvite: users.data?.policies.invite,
    askedQuestion: hasAskedQuestion(accountId),
    hasName: me.data && Boolean(me.data.profile.full_name),
  });
  if (!steps || steps.every((step) => step.done)) return null;
  const done = steps.filter((step) => step.done).length;
  const account = paths.account(accountId);

  return (
    <section aria-labelledby="get-started-heading" className={first ? 'mb-10' : 'mt-10'}>
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id="get-started-heading" className="text-lg font-semibold">
          Get started
        </h2>
        <p className="text-sm text-muted-foreground">
          {done} of {steps.length} done
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {steps.map((step) => {
          const { to, icon, title, text } = stepContent[step.id];
          const Icon = step.done ? CircleCheck : icon;
          return (
            <li key={step.id} data-testid={`step-${step.id}`} data-done={step.done}>
              <Link
                to={to(account)}
                className="group block h-full rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Card
                  className={cn(
                    'h-full transition-colors group-hover:border-primary/40 group-hover:bg-accent/40',
                    step.done && 'bg-muted/40 shadow-none',
                  )}
                >
                  <CardHeader className="flex-row items-start gap-4">
                    <div
                      className={cn(
                        'flex size-10 shrink-0 items-center justify-center rounded-lg',
                        step.done
                          ? 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300'
                          : 'bg-accent text-accent-foreground',
                      )}
                    >
                      <Icon className="size-5" aria-hidden="true" />
                    </div>
                    <div className="grid gap-1">
                      <CardTitle className={cn('text-base', step.done && 'text-muted-foreground line-through')}>
                        {title}
                        {step.done && <span className="sr-only"> (done)</span>}
                      </CardTitle>
                      <CardDescription>{step.done ? 'Done' : text}</CardDescription>
                    </div>
                  </CardHeader>
                </Card>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
