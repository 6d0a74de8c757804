import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, LoaderCircle, MessageSquare, PenLine, Sparkles, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { isKnowledgeRef, KNOWLEDGE_ID_REQUIRED } from '@common/knowledge-limits';
import { Button } from '@/components/ui/button';
import { Breadcrumbs, ChildPages } from '@/features/collections';
import { loadDiscussion } from '@/features/comments';
import { StarButton } from '@/features/stars';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useLocalDate } from '@/lib/use-local-date';
import { knowledgeItemQuery } from '../api/knowledge-queries';
import { ArticleActions } from '../components/article-actions';
import { ArticleContent } from '../components/article-content';
import { ArticlePresence } from '../components/article-presence';
import { ArticleDeleted, ArticleLoadError, ArticleLoading } from '../components/article-states';
import '@/components/ui/rich-text.css';
import '../components/knowledge-content.css';
import { TagBadge } from '../components/tag-badge';
import { commentCount } from '../lib/card-text';
import { listPathFor } from '../lib/list-path';
import { rememberViewed } from '../lib/recently-viewed';

/** The discussion comes in its own chunk, after the article is drawn (decision 38). */
const Discussion = lazy(loadDiscussion);

/** /account/:id/knowledge/:knowledgeId: one article, opened by full id or short id. */
export function KnowledgeArticlePage() {
  const { accountId = '', knowledgeId = '' } = useParams();
  const valid = isKnowledgeRef(knowledgeId);
  const problem = knowledgeId.trim() ? 'That address does not name a knowledge item.' : KNOWLEDGE_ID_REQUIRED;
  useEffect(() => {
    if (!valid) toast.error('Navigation Error', { description: problem });
  }, [valid, problem]);
  if (!valid) return <Navigate to={listPathFor(accountId)} replace />;
  return <Article accountId={accountId} knowledgeId={knowledgeId} />;
}

function Article({ accountId, knowledgeId }: { accountId: string; knowledgeId: string }) {
  const navigate = useNavigate();
  const item = useQuery(knowledgeItemQuery(accountId, knowledgeId));
  useEffect(() => {
    if (item.data) rememberViewed(accountId, item.data.id);
  }, [accountId, item.data]);
  // It was here, and now it is not: deleted while open (a live refresh found it gone), which is no failure.
  const deleted = item.data !== undefined && item.error instanceof ApiError && item.error.status === 404;
  useEffect(() => {
    if (item.isError && !deleted) toast.error('Error loading knowledge', { description: item.error.message });
  }, [item.isError, item.error, deleted]);

  if (item.isPending) return <ArticleLoading />;
  if (deleted) return <ArticleDeleted accountId={accountId} title={item.data.title} />;
  if (item.isError)
    return <ArticleLoadError accountId={accountId} message={item.error.message} onRetry={() => void item.refetch()} />;
  const article = item.data;

  return (
    <article className="mx-auto max-w-3xl">
      <div className="mb-6 flex items-center justify-between gap-2">
        <Button variant="ghost" className="-ml-3" onClick={() => navigate(listPathFor(accountId))}>
          <ArrowLeft /> Back
        </Button>
        <div className="flex items-center gap-1">
          <StarButton accountId={accountId} item={article} />
          <ArticleActions accountId={accountId} item={article} />
        </div>
      </div>
      <header className="mb-8 border-b pb-6">
        <Breadcrumbs
          accountId={accountId}
          collection={{ id: article.collectionId, name: article.collectionName }}
          ancestors={article.ancestors}
        />
        <h1 className="text-3xl font-bold leading-tight tracking-tight wrap-anywhere sm:text-4xl">{article.title}</h1>
        {article.tags.length > 0 && (
          <div className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
            {article.tags.map((tag) => (
              <Link
                key={tag}
                to={paths.account(accountId).knowledge({ tags: [tag] })}
                title={`All items tagged ${tag}`}
                className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <TagBadge className="hover:bg-primary/15">{tag}</TagBadge>
              </Link>
            ))}
          </div>
        )}
        <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Author</dt>
            <UserRound className="size-4" />
            <dd>{article.author_name ?? 'Unknown Author'}</dd>
          </div>
          <ArticleDates created={article.created_at} updated={article.updated_at} />
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Comments</dt>
            <MessageSquare className="size-4" />
            <dd>
              <a
                href="#comments-heading"
                className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="article-comment-count"
              >
                {commentCount(article.comment_count)}
              </a>
            </dd>
          </div>
        </dl>
        <ArticlePresence accountId={accountId} knowledgeId={article.id} />
      </header>
      {article.ai_summary && (
        <section className="mb-8 rounded-xl border border-primary/20 bg-accent/50 p-5" aria-label="AI Summary">
          <h2 className="mb-2 flex items-center gap-2 text-sm font-semibold text-accent-foreground">
            <Sparkles className="size-4" /> AI Summary
          </h2>
          <p className="text-sm leading-relaxed">{article.ai_summary}</p>
        </section>
      )}
      {article.pdf_processing && (
        // Its PDF's text is being read on the server (decision 28); the live refresh takes this away.
        <p
          role="status"
          className="mb-4 flex items-center gap-2 text-sm text-muted-foreground"
          data-testid="pdf-processing"
        >
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Processing PDF… Its text can be searched once it is read.
        </p>
      )}
      {article.content ? (
        <ArticleContent html={article.content} />
      ) : (
        <p className="text-muted-foreground">This item has no content yet.</p>
      )}
      <ChildPages accountId={accountId} pages={article.children} />
      <Suspense fallback={null}>
        <Discussion accountId={accountId} knowledgeId={article.id} />
      </Suspense>
    </article>
  );
}

/** When the article was written, and when last changed if on another day. */
function ArticleDates({ created, updated }: { created: string; updated: string }) {
  const createdOn = useLocalDate(created);
  const updatedOn = useLocalDate(updated);
  return (
    <>
      <div className="flex items-center gap-1.5">
        <dt className="sr-only">Created</dt>
        <CalendarDays className="size-4" />
        <dd>{createdOn}</dd>
      </div>
      {updatedOn !== createdOn && (
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Updated</dt>
          <PenLine className="size-4" />
          <dd>Updated {updatedOn}</dd>
        </div>
      )}
    </>
  );
}
