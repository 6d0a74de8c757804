import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { KnowledgeDto } from '@common/knowledge';
import type { RevisionSummaryDto } from '@common/knowledge-history';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { conflictingItem, revisionQuery, useRestoreRevision } from '../../api/knowledge-history';
import { TagBadge } from '../tag-badge';
import { VersionChanges } from './version-changes';
import { versionStamp } from './version-stamp';

/**
 * One version: what changed from it to the current text, the version as it read,
 * and Restore (behind a confirmation) for any but the current one.
 */
export function VersionView(props: { accountId: string; item: KnowledgeDto; summary: RevisionSummaryDto }) {
  const { accountId, item, summary } = props;
  const navigate = useNavigate();
  const revision = useQuery(revisionQuery(accountId, item.short_id, summary.version));
  const restore = useRestoreRevision(accountId, item.short_id);
  const [confirming, setConfirming] = useState(false);
  const [showing, setShowing] = useState<'changes' | 'version'>('changes');
  const onRestore = () =>
    restore.mutate(
      { version: summary.version, basedOn: item.version },
      {
        onSuccess: (restored) => {
          setConfirming(false);
          toast.success(`Version ${summary.version} restored`);
          navigate(paths.account(accountId).article(restored.short_id));
        },
        onError: (error) => {
          setConfirming(false);
          toast.error('Not restored', {
            description: conflictingItem(error)
              ? 'Someone else changed this item meanwhile. Look at its current version, then restore again if you still want to.'
              : error.message,
          });
        },
      },
    );

  return (
    <section aria-labelledby="version-heading" className="min-w-0 rounded-xl border bg-card p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="version-heading" tabIndex={-1} className="text-xl font-semibold focus:outline-none">
            Version {summary.version}
            {summary.current && ' (current)'}
            {summary.name && <span className="block text-base font-medium wrap-anywhere">{summary.name}</span>}
          </h2>
          <p className="text-sm text-muted-foreground">
            {versionStamp(summary)}
            {summary.restored_from !== null && ` · restored from version ${summary.restored_from}`}
          </p>
        </div>
        {!summary.current && (
          <Button onClick={() => setConfirming(true)} disabled={!revision.data}>
            <RotateCcw /> Restore
          </Button>
        )}
      </div>
      {revision.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading this version" />
        </div>
      ) : revision.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 text-sm">
          <p>This version could not be loaded: {revision.error.message}</p>
          <Button variant="outline" onClick={() => void revision.refetch()}>
            Try Again
          </Button>
        </div>
      ) : summary.current ? (
        <VersionText version={revision.data} note="This is the item as it is now." />
      ) : (
        <div className="grid gap-6">
          {/* Two views of one version: a pair of toggle buttons (no tab widget: its code is not worth it here). */}
          <div role="group" aria-label="Show" className="inline-flex justify-self-start rounded-lg bg-muted p-1">
            {(['changes', 'version'] as const).map((view) => (
              <Button
                key={view}
                size="sm"
                variant={showing === view ? 'outline' : 'ghost'}
                aria-pressed={showing === view}
                onClick={() => setShowing(view)}
              >
                {view === 'changes' ? 'Changes' : 'This version'}
              </Button>
            ))}
          </div>
          {showing === 'changes' ? (
            <VersionChanges
              before={revision.data}
              after={item}
              beforeLabel={`version ${summary.version}`}
              afterLabel="the current text"
            />
          ) : (
            <VersionText version={revision.data} />
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Restore version ${summary.version}?`}
        description="The item gets this version's title, tags and text as a new version. The current version stays in the history, so nothing is lost."
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy={restore.isPending}
        onConfirm={onRestore}
      />
    </section>
  );
}

/** A version as it read: its title, tags and text. */
function VersionText({
  version,
  note,
}: {
  version: { title: string; tags: string[]; content: string };
  note?: string;
}) {
  return (
    <div className="grid gap-3">
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      <h3 className="text-2xl font-bold leading-tight wrap-anywhere">{version.title}</h3>
      {version.tags.length > 0 && (
        <div className="flex flex-wrap gap-1.5" aria-label="Tags">
          {version.tags.map((tag) => (
            <TagBadge key={tag}>{tag}</TagBadge>
          ))}
        </div>
      )}
      {version.content ? (
        // Sanitized by the server before it was stored. PDFs show as their blocks, without the live viewer the
        // article has: its code would be split into a file of its own, listed in every page's first load.
        <div
          className="rich-text knowledge-content is-article"
          data-testid="article-content"
          dangerouslySetInnerHTML={{ __html: version.content }}
        />
      ) : (
        <p className="text-muted-foreground">This version has no content.</p>
      )}
    </div>
  );
}
