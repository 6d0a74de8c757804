import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { PlacementFields, type Placement } from '@/features/collections';
import { paths } from '@/lib/paths';
import { useCreateKnowledge } from '../api/knowledge-mutations';
import { knowledgeItemQuery } from '../api/knowledge-queries';
import { useLinkPendingPdfs } from '../api/link-pdfs';
import { KnowledgeForm } from '../components/knowledge-form';
import { listPathFor } from '../lib/list-path';

/** /account/:id/knowledge/create: a new item; saved items open as articles. */
export function KnowledgeCreatePage() {
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateKnowledge(accountId);
  const linkPdfs = useLinkPendingPdfs(accountId);
  // "New page inside" on an article opens this with ?collection= and ?parent=: the parent, and the
  // pages above it, start the placement until the writer changes it.
  const [params] = useSearchParams();
  const parentRef = params.get('parent') ?? '';
  const parent = useQuery({ ...knowledgeItemQuery(accountId, parentRef), enabled: parentRef !== '' });
  const [chosen, setPlacement] = useState<Placement | null>(null);
  const placement: Placement = chosen ?? {
    collectionId: parent.data?.collectionId ?? params.get('collection') ?? '',
    path: parent.data
      ? [
          ...parent.data.ancestors.map(({ id, title }) => ({ id, title })),
          { id: parent.data.id, title: parent.data.title, hasChildren: parent.data.children.length > 0 },
        ]
      : [],
  };
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="New knowledge" description="Write it once; your team finds it by keyword, tag or question." />
      <KnowledgeForm
        accountId={accountId}
        initial={{ title: '', tags: [], content: '' }}
        submitLabel="Save"
        busyLabel="Saving..."
        cancelTo={listPathFor(accountId)}
        placement={
          <PlacementFields
            accountId={accountId}
            value={placement}
            onChange={setPlacement}
            disabled={parentRef !== '' && parent.isPending}
          />
        }
        onSubmit={async (input, pendingPdfs) => {
          const item = await create.mutateAsync({
            ...input,
            collectionId: placement.collectionId || undefined,
            parentId: placement.path.at(-1)?.id,
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
