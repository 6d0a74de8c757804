import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { KnowledgeDto, KnowledgeInput } from '@common/knowledge';
import { PageHeader } from '@/components/layout/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { conflictingItem } from '../api/knowledge-history';
import { useUpdateKnowledge } from '../api/knowledge-mutations';
import { useLinkPendingPdfs } from '../api/link-pdfs';
import { knowledgeKeys } from '../api/knowledge-keys';
import { knowledgeItemQuery } from '../api/knowledge-queries';
import { ArticleLoadError } from '../components/article-states';
import { CONFLICT_FORM_MESSAGE, EditConflictNotice, KeptDraft } from '../components/edit-conflict';
import { KnowledgeForm } from '../components/knowledge-form';
import { PresenceBar } from '../collaboration/presence-bar';
import { useCollaboration } from '../collaboration/use-collaboration';

/** /account/:id/knowledge/edit/:knowledgeId: the same form, filled in. */
export function KnowledgeEditPage() {
  const { accountId = '', knowledgeId = '' } = useParams();
  const item = useQuery(knowledgeItemQuery(accountId, knowledgeId));

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
  return <ItemEditor key={item.data.id} accountId={accountId} latest={item.data} deleted={deleted} />;
}

const asInput = (item: KnowledgeDto): KnowledgeInput => ({ title: item.title, tags: item.tags, content: item.content });
const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);
/** Whether two versions have the same title and tags: the text between them is the live document's business. */
const sameLabels = (a: Pick<KnowledgeDto, 'title' | 'tags'>, b: Pick<KnowledgeDto, 'title' | 'tags'>) =>
  a.title === b.title && sameTags(a.tags, b.tags);

/**
 * The content is the item's live document (decision 34): co-edited, saved as it is typed, with who
 * else is here and whether it is saved above it. Title and tags are saved by the button, based on the
 * version they were filled from (decision 31): one refused because someone saved other ones meanwhile
 * keeps everything typed and asks what to do; the text's own autosaves never make it refuse. `latest`
 * is the item as the live refresh last read it.
 */
function ItemEditor({ accountId, latest, deleted }: { accountId: string; latest: KnowledgeDto; deleted: boolean }) {
  const navigate = useNavigate();
  const update = useUpdateKnowledge(accountId, latest.id);
  const linkPdfs = useLinkPendingPdfs(accountId);
  const formId = `edit-${latest.id}`;
  const live = useCollaboration(accountId, latest.id);
  const queryClient = useQueryClient();
  // The version the form's text started from; the live refresh may read newer ones meanwhile.
  // A ref for the save (sent from outside the form too, before a render), state for what the page shows.
  const basedOn = useRef(latest.version);
  const [shownBase, setShownBase] = useState(latest.version);
  const rebase = (version: number) => {
    basedOn.current = version;
    setShownBase(version);
  };
  const [start, setStart] = useState({ key: 0, input: asInput(latest) });
  // The title and tags the form started from: a newer version with the same ones changed only the text.
  const labelsBase = useRef<Pick<KnowledgeDto, 'title' | 'tags'>>(latest);
  const [conflict, setConflict] = useState<{ theirs: KnowledgeDto; mine: KnowledgeInput } | null>(null);
  const [keptDraft, setKeptDraft] = useState<KnowledgeInput | null>(null);
  const articlePath = paths.account(accountId).article(latest.short_id);
  const movedOn = !conflict && latest.version > shownBase && !sameLabels(latest, start.input);

  const startFromTheirs = () => {
    if (!conflict) return;
    rebase(conflict.theirs.version);
    labelsBase.current = conflict.theirs;
    setKeptDraft(conflict.mine);
    setStart((previous) => ({ key: previous.key + 1, input: asInput(conflict.theirs) }));
    setConflict(null);
  };
  const keepMine = () => {
    if (!conflict) return;
    // Saved through the form as any save: based on their version now, so it is theirs it replaces.
    rebase(conflict.theirs.version);
    labelsBase.current = conflict.theirs;
    setConflict(null);
    document.querySelector<HTMLFormElement>(`#${CSS.escape(formId)}`)?.requestSubmit();
  };

  /**
   * Title and tags, based on the version they were filled from. A refusal whose current version has
   * the title and tags they started from was only the text moving on (its autosaves): saved again on it.
   */
  const saveLabels = async (input: KnowledgeInput) => {
    for (;;) {
      try {
        const saved = await update.mutateAsync({
          input: { title: input.title, tags: input.tags },
          basedOn: basedOn.current,
        });
        rebase(saved.version);
        labelsBase.current = saved;
        return;
      } catch (error) {
        const theirs = conflictingItem(error);
        if (!theirs || !sameLabels(theirs, labelsBase.current)) throw error;
        rebase(theirs.version);
      }
    }
  };

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Edit knowledge" description={latest.title} />
      {deleted && (
        <p role="alert" className="mb-4 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
          This item was deleted while you were editing it; it can no longer be saved. Copy anything you want to keep.
        </p>
      )}
      {movedOn && !deleted && (
        <p role="status" className="mb-4 rounded-lg border bg-muted/50 px-4 py-3 text-sm">
          Someone else saved a change to this item since you opened it. When you save, you can compare before anything
          is replaced.
        </p>
      )}
      {conflict && (
        <EditConflictNotice
          theirs={conflict.theirs}
          mine={conflict.mine}
          onKeepMine={keepMine}
          onStartFromTheirs={startFromTheirs}
        />
      )}
      {keptDraft && <KeptDraft draft={keptDraft} onDismiss={() => setKeptDraft(null)} />}
      {live ? <PresenceBar connection={live.connection} /> : null}
      {!live?.ready ? (
        <div className="flex justify-center py-24">
          <Spinner />
        </div>
      ) : (
        <KnowledgeForm
          key={start.key}
          collaboration={live}
          knowledgeId={latest.id}
          id={formId}
          accountId={accountId}
          initial={start.input}
          submitLabel="Save changes"
          busyLabel="Saving..."
          cancelTo={articlePath}
          onSubmit={async (input, pendingPdfs) => {
            // The text is written to the item now rather than after the pause, and the article reads it afresh.
            await live.connection.flush();
            for (const ref of [latest.id, latest.short_id])
              void queryClient.invalidateQueries({ queryKey: knowledgeKeys.item(accountId, ref) });
            if (!sameLabels(input, labelsBase.current)) {
              try {
                await saveLabels(input);
              } catch (error) {
                const theirs = conflictingItem(error);
                if (!theirs) throw error;
                setConflict({ theirs, mine: input });
                throw new Error(CONFLICT_FORM_MESSAGE, { cause: error });
              }
            }
            const failures = await linkPdfs({ id: latest.id, content: input.content }, pendingPdfs);
            if (failures.length > 0) toast.error(failures[0]!);
            else toast.success('Changes saved');
            navigate(articlePath);
          }}
        />
      )}
    </div>
  );
}
