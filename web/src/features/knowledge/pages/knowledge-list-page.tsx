import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { StarredSection } from '@/features/stars';
import { ApiError } from '@/lib/api-client';
import { knowledgeFilterParams, paths } from '@/lib/paths';
import { knowledgeListQuery } from '../api/knowledge-queries';
import { AiSearchBar } from '../components/ai-search-bar';
import { InfiniteScrollTrigger } from '../components/infinite-scroll-trigger';
import { KnowledgeCard } from '../components/knowledge-card';
import { KnowledgeFilters } from '../components/knowledge-filters';
import {
  AuthenticationRequired,
  KnowledgeGridSkeleton,
  KnowledgeListError,
  NoKnowledgeYet,
  NoMatchingKnowledge,
} from '../components/knowledge-list-states';
import { rememberListPath } from '../lib/list-path';

/** /account/:id/knowledge: filters kept in ?search= and repeated ?tag=, infinite scroll, a grid of cards. */
export function KnowledgeListPage() {
  const { accountId = '' } = useParams();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const tagsKey = params.getAll('tag').join('\u0000');
  const tags = useMemo(() => (tagsKey ? tagsKey.split('\u0000') : []), [tagsKey]);
  const filtered = search.trim() !== '' || tags.length > 0;
  const list = useInfiniteQuery(knowledgeListQuery(accountId, { search, tags }));

  useEffect(() => rememberListPath(location.pathname + location.search), [location.pathname, location.search]);
  useEffect(() => {
    if (list.isError && !(list.error instanceof ApiError && list.error.status === 401))
      toast.error('Error loading knowledge items');
  }, [list.isError, list.error]);

  const setFilters = useCallback(
    (next: { search?: string; tags?: string[] }) =>
      setParams(
        (current) =>
          knowledgeFilterParams({
            search: next.search ?? current.get('search') ?? '',
            tags: next.tags ?? current.getAll('tag'),
          }),
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((value: string) => setFilters({ search: value }), [setFilters]);
  const onTags = useCallback((value: string[]) => setFilters({ tags: value }), [setFilters]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const pageCount = list.data?.pages.length ?? 0;
  // Depends on the page count, so the observer is renewed after each page and asks again while still in view.
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && pageCount > 0) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pageCount]);
  const refresh = () =>
    list.refetch().then((result) => result.isError && toast.error('Failed to refresh. Please try again.'));

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (list.isPending) body = <KnowledgeGridSkeleton />;
  else if (list.isError && list.error instanceof ApiError && list.error.status === 401)
    body = <AuthenticationRequired />;
  else if (list.isError)
    body = <KnowledgeListError message={list.error.message} onRefresh={refresh} refreshing={list.isRefetching} />;
  else if (items.length === 0)
    body = filtered ? (
      <NoMatchingKnowledge onClear={() => setParams({}, { replace: true })} />
    ) : (
      <NoKnowledgeYet accountId={accountId} />
    );
  else
    body = (
      <>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {items.map((item) => (
            <KnowledgeCard key={item.id} accountId={accountId} item={item} />
          ))}
        </div>
        <InfiniteScrollTrigger onVisible={loadMore} loading={list.isFetchingNextPage} enabled={list.hasNextPage} />
      </>
    );

  return (
    <>
      <PageHeader
        title="Knowledge"
        description="Everything your team has written down, newest changes first."
        actions={
          <Button asChild>
            <Link to={paths.account(accountId).createArticle()}>
              <Plus /> Add Knowledge
            </Link>
          </Button>
        }
      />
      <div className="mb-6 grid gap-4">
        <AiSearchBar accountId={accountId} />
        <KnowledgeFilters accountId={accountId} search={search} tags={tags} onSearch={onSearch} onTags={onTags} />
      </div>
      <StarredSection accountId={accountId} />
      {body}
    </>
  );
}
