import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Clock, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useOutletContext, useParams, useSearchParams } from 'react-router';
import type { AccountDto } from '@common/accounts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import { revisionsQuery } from '../api/knowledge-history';
import { knowledgeItemQuery } from '../api/knowledge-queries';
import { ArticleLoadError } from '../components/article-states';
import { SaveVersionDialog } from '../components/history/save-version-dialog';
import { VersionList } from '../components/history/version-list';
import { VersionView } from '../components/history/version-view';
import '@/components/ui/rich-text.css';
import '../components/knowledge-content.css';

/**
 * /account/:id/knowledge/history/:knowledgeId: an item's versions, newest first; `?version=N`
 * opens one (else the newest earlier version), with what changed since and Restore.
 */
export function KnowledgeHistoryPage() {
  const { accountId = '', knowledgeId = '' } = useParams();
  const [search] = useSearchParams();
  const item = useQuery(knowledgeItemQuery(accountId, knowledgeId));
  const history = useQuery(revisionsQuery(accountId, knowledgeId));
  const asked = Number(search.get('version'));
  const account = useOutletContext<AccountDto | undefined>();
  useDocumentTitle([item.data ? `History of ${item.data.title}` : 'History', account?.name]);

  // A version chosen from the list takes focus to its heading, so keyboard and phone readers land on it.
  useEffect(() => {
    if (asked) document.getElementById('version-heading')?.focus();
  }, [asked]);

  if (item.isPending || (history.isPending && !history.isError))
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading history" />
      </div>
    );
  if (item.isError && !item.data)
    return <ArticleLoadError accountId={accountId} message={item.error.message} onRetry={() => void item.refetch()} />;
  const article = item.data;
  const articlePath = paths.account(accountId).article(article.short_id);

  const header = (
    <div className="mb-6 grid gap-4">
      <Button variant="ghost" className="-ml-3 justify-self-start" asChild>
        <Link to={articlePath}>
          <ArrowLeft /> Back to the article
        </Link>
      </Button>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">History</h1>
          <p className="mt-1 text-muted-foreground wrap-anywhere">{article.title}</p>
        </div>
        <SaveVersionDialog accountId={accountId} itemRef={article.short_id} currentVersion={article.version} />
      </div>
    </div>
  );

  if (history.isError)
    return (
      <div className="mx-auto max-w-5xl">
        {header}
        <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
          <TriangleAlert className="size-6 text-destructive" />
          <p className="font-medium">The history could not be loaded</p>
          <p className="text-sm text-muted-foreground">{history.error.message}</p>
          <Button onClick={() => void history.refetch()}>Try Again</Button>
        </div>
      </div>
    );

  const revisions = history.data;
  const selected = revisions.find((revision) => revision.version === asked) ?? revisions[1] ?? revisions[0]!;
  return (
    <div className="mx-auto max-w-5xl">
      {header}
      <div className="grid items-start gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
        <div className="grid content-start gap-4">
          <VersionList revisions={revisions} selected={selected.version} />
          {revisions.length === 1 && (
            <EmptyState icon={Clock} title="No earlier versions yet">
              Each save keeps the version it replaces here, so you can see what changed and go back to it.
            </EmptyState>
          )}
        </div>
        <VersionView key={selected.version} accountId={accountId} item={article} summary={selected} />
      </div>
    </div>
  );
}

/** The route's page, as the router's lazy loader reads it. */
export { KnowledgeHistoryPage as Component };
