import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useUpdateKnowledge } from '../api/knowledge-mutations';
import { useLinkPendingPdfs } from '../api/link-pdfs';
import { knowledgeItemQuery } from '../api/knowledge-queries';
import { ArticleLoadError } from '../components/article-states';
import { KnowledgeForm } from '../components/knowledge-form';

/** /account/:id/knowledge/edit/:knowledgeId: the same form, filled in. */
export function KnowledgeEditPage() {
  const { accountId = '', knowledgeId = '' } = useParams();
  const navigate = useNavigate();
  const item = useQuery(knowledgeItemQuery(accountId, knowledgeId));
  const update = useUpdateKnowledge(accountId, item.data?.id ?? knowledgeId);
  const linkPdfs = useLinkPendingPdfs(accountId);

  if (item.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  // A failed refresh of an item already loaded (say, deleted meanwhile) keeps the form and what was typed.
  if (item.isError && !item.data)
    return <ArticleLoadError accountId={accountId} message={item.error.message} onRetry={() => void item.refetch()} />;
  const deleted = item.error instanceof ApiError && item.error.status === 404;
  const articlePath = paths.account(accountId).article(item.data.short_id);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Edit knowledge" description={item.data.title} />
      {deleted && (
        <p role="alert" className="mb-4 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
          This item was deleted while you were editing it; it can no longer be saved. Copy anything you want to keep.
        </p>
      )}
      <KnowledgeForm
        key={item.data.id}
        accountId={accountId}
        initial={{ title: item.data.title, tags: item.data.tags, content: item.data.content }}
        submitLabel="Save changes"
        busyLabel="Saving..."
        cancelTo={articlePath}
        onSubmit={async (input, pendingPdfs) => {
          const saved = await update.mutateAsync(input);
          const failures = await linkPdfs(saved, pendingPdfs);
          if (failures.length > 0) toast.error(failures[0]!);
          else toast.success('Changes saved');
          navigate(articlePath);
        }}
      />
    </div>
  );
}
