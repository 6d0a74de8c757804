import { useQueries, useQuery } from '@tanstack/react-query';
import { Clock, Star, Tags, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { starsQuery } from '@/features/stars';
import { paths } from '@/lib/paths';
import { knowledgeItemQuery, knowledgeTagsQuery } from '../../api/knowledge-queries';
import { readRecentlyViewed } from '../../lib/recently-viewed';
import { TagBadge } from '../tag-badge';

/** Starred items listed here; the Knowledge page shows them all. */
const STARRED_SHOWN = 10;
const TOP_TAGS = 12;

function Column({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card className="h-full">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-sm">
          <Icon className="size-4 text-muted-foreground" /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const linkClass = 'block truncate rounded-md px-2 py-1.5 text-sm hover:bg-muted';
const quiet = (text: string) => <p className="px-2 text-sm text-muted-foreground">{text}</p>;

/** Recently viewed and starred items and the top tags, one click from the dashboard. */
export function KnowledgeCheatsheet({ accountId }: { accountId: string }) {
  const recentIds = readRecentlyViewed(accountId);
  const recent = useQueries({
    queries: recentIds.map((id) => ({ ...knowledgeItemQuery(accountId, id), retry: false })),
  });
  const stars = useQuery(starsQuery(accountId));
  const tags = useQuery(knowledgeTagsQuery(accountId));
  const account = paths.account(accountId);
  const recentItems = recent.flatMap((query) => (query.data ? [query.data] : []));

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Column icon={Clock} title="Recently viewed">
        {recent.some((query) => query.isPending) ? (
          <Spinner />
        ) : recentItems.length === 0 ? (
          quiet('Articles you open appear here.')
        ) : (
          <ul>
            {recentItems.map((item) => (
              <li key={item.id}>
                <Link className={linkClass} to={account.article(item.short_id)}>
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Column>
      <Column icon={Star} title="Starred">
        {stars.isPending ? (
          <Spinner />
        ) : !stars.data?.length ? (
          quiet('Star articles to keep them close.')
        ) : (
          <ul>
            {stars.data.slice(0, STARRED_SHOWN).map((star) => (
              <li key={star.id}>
                <Link className={linkClass} to={account.article(star.short_id)}>
                  {star.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Column>
      <Column icon={Tags} title="Top tags">
        {tags.isPending ? (
          <Spinner />
        ) : !tags.data?.length ? (
          quiet('Tags you add to articles appear here.')
        ) : (
          <div className="flex flex-wrap gap-1.5">
            {tags.data.slice(0, TOP_TAGS).map(({ tag, count }) => (
              <Link
                key={tag}
                to={account.knowledge({ tags: [tag] })}
                className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <TagBadge className="hover:bg-primary/15">
                  {tag} <span className="ml-1 opacity-60">{count}</span>
                </TagBadge>
              </Link>
            ))}
          </div>
        )}
      </Column>
    </div>
  );
}
