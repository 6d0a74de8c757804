import type { AccountDto } from '@common/accounts';
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG, type KnowledgeSort } from '@common/knowledge-limits';
import { endpointUrl } from '@common/api/client';
import { exportWorkspace } from '@common/api/routes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, Plus, Upload } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useOutletContext, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { OfflineNotice, useOffline } from '@/features/live';
import { CollectionFilter } from '@/features/collections';
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
  SearchSuggestion,
  SearchTooLong,
  ShowingResultsFor,
} from '../components/knowledge-list-states';
import { listFiltersIn } from '../lib/list-filters';
import { rememberListPath } from '../lib/list-path';

/** The import dialog loads when someone first opens it: most visits to the list never do. */
const ImportDialog = /* @__PURE__ */ lazy(() =>
  import('../components/import-dialog').then((m) => ({ default: m.ImportDialog })),
);

/**
 * /account/:id/knowledge: filters kept in ?search=, repeated ?tag= and, for a
 * search, ?sort=newest; infinite scroll, a grid of cards.
 */
export function KnowledgeListPage() {
  const { accountId = '' } = useParams();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { search, sort, exact, collection } = listFiltersIn(params);
  const searching = search.trim() !== '';
  // The tags as one string, so the array below changes only when they do.
  const tagsKey = params.getAll('tag').join('\u0000');
  const tags = useMemo(() => (tagsKey ? tagsKey.split('\u0000') : []), [tagsKey]);
  const filtered = searching || tags.length > 0 || collection !== '';
  const list = useInfiniteQuery(knowledgeListQuery(accountId, { search, tags, sort, exact, collection }));
  const disconnected = useOffline();
  // From AccountLayout, which loaded the workspace before showing any of its pages.
  const account = useOutletContext<AccountDto | undefined>();
  const [importing, setImporting] = useState(false);
  // Once opened it stays mounted, so closing it mid-import keeps its progress for the next opening.
  const [importOpened, setImportOpened] = useState(false);
  // Checked here so the list explains it instead of asking; the server's own answer is the fallback.
  const tooLong =
    search.trim().length > SEARCH_MAX_LENGTH ||
    (list.error instanceof ApiError && list.error.status === 400 && list.error.message === SEARCH_TOO_LONG);

  useEffect(() => rememberListPath(location.pathname + location.search), [location.pathname, location.search]);
  useEffect(() => {
    if (list.isError && !tooLong && !(list.error instanceof ApiError && list.error.status === 401))
      toast.error('Error loading knowledge items');
  }, [list.isError, list.error, tooLong]);

  const setFilters = useCallback(
    (next: { search?: string; tags?: string[]; sort?: KnowledgeSort; exact?: boolean; collection?: string }) =>
      setParams(
        (current) => {
          const nextSearch = next.search ?? current.get('search') ?? '';
          const nextParams = knowledgeFilterParams({
            search: nextSearch,
            tags: next.tags ?? current.getAll('tag'),
            collection: next.collection ?? current.get('collection') ?? undefined,
          });
          // The order only means something for a search, and best match goes without saying.
          if (nextSearch.trim() && (next.sort ?? listFiltersIn(current).sort) === 'newest')
            nextParams.set('sort', 'newest');
          // The words as typed, until the search changes.
          const keepExact = next.search === undefined && listFiltersIn(current).exact;
          if (nextSearch.trim() && (next.exact ?? keepExact)) nextParams.set('exact', 'true');
          return nextParams;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((value: string) => setFilters({ search: value }), [setFilters]);
  const onTags = useCallback((value: string[]) => setFilters({ tags: value }), [setFilters]);
  const onSort = useCallback((value: KnowledgeSort) => setFilters({ sort: value }), [setFilters]);
  const onCollection = useCallback((value: string) => setFilters({ collection: value }), [setFilters]);
  const { hasNextPage, isFetching, fetchNextPage } = list;
  const pageCount = list.data?.pages.length ?? 0;
  // Counts the pages asked for that have ended, however they ended (a live refresh cancels a
  // page being fetched): each renews the trigger, whose new observer asks again while in view.
  // The list's state can be the same before and after, so it cannot tell on its own.
  const [pagesEnded, setPagesEnded] = useState(0);
  // Renewed when a fetch ends or the page count changes, for the same reason; never while the
  // list is being fetched (the page would cancel a refresh, which then ends and asks again).
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching && pageCount > 0)
      void fetchNextPage().finally(() => setPagesEnded((ended) => ended + 1));
  }, [hasNextPage, isFetching, fetchNextPage, pageCount]);
  const refresh = () =>
    list.refetch().then((result) => result.isError && toast.error('Failed to refresh. Please try again.'));

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const suggestion = searching && !tooLong ? list.data?.pages[0]?.suggestion : null;
  const correctedSearch = searching && !tooLong ? list.data?.pages[0]?.correctedSearch : null;
  // Offline (or a fetch waiting for the network): the cards it had stay, and it says so where the rest would be.
  const offline = disconnected || list.fetchStatus === 'paused';
  const keptOffline = offline && items.length > 0;
  let body;
  if (tooLong) body = <SearchTooLong length={search.trim().length} onClear={() => setFilters({ search: '' })} />;
  else if (offline && items.length === 0 && (list.isPending || list.isError)) body = <OfflineNotice />;
  else if (list.isPending) body = <KnowledgeGridSkeleton />;
  else if (list.isError && list.error instanceof ApiError && list.error.status === 401)
    body = <AuthenticationRequired />;
  else if (list.isError && !keptOffline)
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
        {keptOffline && (
          <div className="mb-4">
            <OfflineNotice />
          </div>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {items.map((item) => (
            <KnowledgeCard key={item.id} accountId={accountId} item={item} />
          ))}
        </div>
        <InfiniteScrollTrigger
          key={pagesEnded}
          onVisible={loadMore}
          loading={list.isFetchingNextPage}
          enabled={list.hasNextPage}
        />
      </>
    );

  return (
    <>
      <PageHeader
        title="Knowledge"
        description={
          !searching
            ? 'Everything your team has written down, newest changes first.'
            : sort === 'newest'
              ? 'Items matching your search, newest changes first.'
              : 'Items matching your search, best match first.'
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {account?.policies.export && (
              <Button asChild variant="outline">
                <a href={endpointUrl(exportWorkspace, { params: { accountId } })} download>
                  <Download /> Export
                </a>
              </Button>
            )}
            {account?.policies.import && (
              <Button
                variant="outline"
                onClick={() => {
                  setImportOpened(true);
                  setImporting(true);
                }}
              >
                <Upload /> Import
              </Button>
            )}
            <Button asChild>
              <Link to={paths.account(accountId).createArticle()}>
                <Plus /> Add Knowledge
              </Link>
            </Button>
          </div>
        }
      />
      {importOpened && (
        <Suspense fallback={null}>
          <ImportDialog accountId={accountId} open={importing} onOpenChange={setImporting} />
        </Suspense>
      )}
      <div className="mb-6 grid gap-4">
        <AiSearchBar accountId={accountId} />
        <KnowledgeFilters
          accountId={accountId}
          search={search}
          tags={tags}
          sort={sort}
          searchInvalid={tooLong}
          onSearch={onSearch}
          onTags={onTags}
          onSort={onSort}
        />
        <CollectionFilter accountId={accountId} value={collection} onChange={onCollection} />
      </div>
      <StarredSection accountId={accountId} />
      {suggestion && (
        <SearchSuggestion search={search} suggestion={suggestion} onChoose={() => setFilters({ search: suggestion })} />
      )}
      {correctedSearch && (
        <ShowingResultsFor
          search={search}
          corrected={correctedSearch}
          onSearchAsTyped={() => setFilters({ exact: true })}
        />
      )}
      {body}
    </>
  );
}
