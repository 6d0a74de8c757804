import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { PlacementFields, type Placement } from '@/features/collections';
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
  // "New page inside" on an article opens this with ?collection= and ?parent=.
  const [params] = useSearchParams();
  const [placement, setPlacement] = useState<Placement>({
    collectionId: params.get('collection') ?? '',
    parentId: params.get('parent') ?? '',
  });
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="New knowledge" description="Write it once; your team finds it by keyword, tag or question." />
      <KnowledgeForm
        accountId={accountId}
        initial={{ title: '', tags: [], content: '' }}
        submitLabel="Save"
        busyLabel="Saving..."
        cancelTo={listPathFor(accountId)}
        placement={<PlacementFields accountId={accountId} value={placement} onChange={setPlacement} />}
        onSubmit={async (input, pendingPdfs) => {
          const item = await create.mutateAsync({
            ...input,
            collectionId: placement.collectionId || undefined,
            parentId: placement.parentId || undefined,
          });
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
