import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/lib/paths';
import { useCreateKnowledge } from '../api/knowledge-mutations';
import { useLinkPendingPdfs } from '../api/link-pdfs';
import { KnowledgeForm } from '../components/knowledge-form';
import { listPathFor } from '../lib/list-path';

/** /account/:id/knowledge/create: a new item; saved items open as articles. */
export function KnowledgeCreatePage() {
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateKnowledge(accountId);
  const linkPdfs = useLinkPendingPdfs(accountId);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="New knowledge" description="Write it once; your team finds it by keyword, tag or question." />
      <KnowledgeForm
        accountId={accountId}
        initial={{ title: '', tags: [], content: '' }}
        submitLabel="Save"
        busyLabel="Saving..."
        cancelTo={listPathFor(accountId)}
        onSubmit={async (input, pendingPdfs) => {
          const item = await create.mutateAsync(input);
          // Saved either way; a PDF that could not be linked says so.
          const failures = await linkPdfs(item, pendingPdfs);
          if (failures.length > 0) toast.error(failures[0]!);
          else toast.success('Knowledge saved');
          navigate(paths.account(accountId).article(item.short_id));
        }}
      />
    </div>
  );
}
