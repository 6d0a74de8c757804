import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { KnowledgeDto, KnowledgeInput } from '@common/knowledge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { articleText } from '../lib/version-diff';
import { VersionChanges } from './history/version-changes';

/** Said under the form when a save was refused because someone else saved first. */
export const CONFLICT_FORM_MESSAGE =
  'Not saved: someone else changed this item. Your text is still here; choose above what to do.';

/**
 * A save refused (409) because someone else saved a newer version: says so, keeps
 * the person's text in the form, and offers to compare, to save theirs over it
 * (the other version stays in the history), or to start again from the other
 * version with their own text kept beside it to copy.
 */
export function EditConflictNotice(props: {
  theirs: KnowledgeDto;
  mine: KnowledgeInput;
  onKeepMine: () => void;
  onStartFromTheirs: () => void;
}) {
  const notice = useRef<HTMLDivElement>(null);
  const [comparing, setComparing] = useState(false);
  useEffect(() => {
    notice.current?.scrollIntoView({ block: 'center' });
    notice.current?.focus();
  }, [props.theirs.version]);
  return (
    <div
      ref={notice}
      tabIndex={-1}
      role="alert"
      data-testid="edit-conflict"
      className="mb-6 grid gap-3 rounded-lg border border-amber-500/50 bg-amber-50 px-4 py-3 text-sm text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-amber-950/40 dark:text-amber-50"
    >
      <p className="flex items-start gap-2 font-semibold">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Someone else changed this item while you were editing it.
      </p>
      <p>
        Your changes are not saved yet, and nothing you typed is lost: it is all still in the form. Compare it with
        their version (version {props.theirs.version}), then choose.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" onClick={() => setComparing(true)}>
          Compare with their version
        </Button>
        <Button variant="outline" onClick={props.onStartFromTheirs}>
          Start from their version
        </Button>
        <Button onClick={props.onKeepMine}>Save mine over theirs</Button>
      </div>
      <p className="text-xs">
        Saving yours over theirs keeps their version in the item&apos;s History. Starting from theirs puts their version
        in the form and keeps your text beside it to copy.
      </p>
      <Dialog open={comparing} onOpenChange={setComparing}>
        <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
          <DialogHeader
            title="Their version and yours"
            description="What your text changes in the version saved meanwhile."
          />
          <VersionChanges before={props.theirs} after={props.mine} beforeLabel="their version" afterLabel="your text" />
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The person's own text, kept beside the form after starting again from someone else's version, to copy from. */
export function KeptDraft({ draft, onDismiss }: { draft: KnowledgeInput; onDismiss: () => void }) {
  const text = articleText(draft.content);
  const copy = async () => {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([draft.content], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ]);
      toast.success('Your text is copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the text below and copy it by hand.' });
    }
  };
  return (
    <section
      aria-labelledby="kept-draft-heading"
      data-testid="kept-draft"
      className="mb-6 grid gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
    >
      <h2 id="kept-draft-heading" className="font-semibold">
        Your text (not saved)
      </h2>
      <p className="text-muted-foreground">
        The form now holds the current version. Copy what you want to keep from your text into it, then save.
      </p>
      <dl className="grid gap-1">
        <div>
          <dt className="inline font-medium">Title: </dt>
          <dd className="inline wrap-anywhere">{draft.title}</dd>
        </div>
        {draft.tags.length > 0 && (
          <div>
            <dt className="inline font-medium">Tags: </dt>
            <dd className="inline">{draft.tags.join(', ')}</dd>
          </div>
        )}
      </dl>
      <div className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded-md border bg-background p-3 wrap-anywhere">
        {text || 'No text.'}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copy()}>
          Copy your text
        </Button>
        <Button variant="ghost" onClick={onDismiss}>
          I have what I need
        </Button>
      </div>
    </section>
  );
}
