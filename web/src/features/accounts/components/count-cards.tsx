import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { BookOpen, Star, Tags, Users, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { knowledgeCountQuery, knowledgeTagsQuery } from '@/features/knowledge';
import { starsQuery } from '@/features/stars';
import { accountStatsQuery } from '../api/accounts-queries';

function CountCard({
  label,
  icon: Icon,
  query,
  count,
}: {
  label: string;
  icon: LucideIcon;
  query: UseQueryResult<unknown>;
  count?: number;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardDescription className="font-medium">{label}</CardDescription>
        <Icon className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-semibold tabular-nums" data-testid={`count-${label}`}>
          {query.isError ? (
            <span className="text-sm font-normal text-muted-foreground">Unavailable</span>
          ) : (
            (count ?? <Spinner />)
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Knowledge items, members, my stars and tags; each card loads its own number. */
export function CountCards({ accountId }: { accountId: string }) {
  const knowledge = useQuery(knowledgeCountQuery(accountId));
  const stats = useQuery(accountStatsQuery(accountId));
  const stars = useQuery(starsQuery(accountId));
  const tags = useQuery(knowledgeTagsQuery(accountId));
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <CountCard label="Knowledge items" icon={BookOpen} query={knowledge} count={knowledge.data?.count} />
      <CountCard label="Members" icon={Users} query={stats} count={stats.data?.members} />
      <CountCard label="My stars" icon={Star} query={stars} count={stars.data?.length} />
      <CountCard label="Tags" icon={Tags} query={tags} count={tags.data?.length} />
    </div>
  );
}
