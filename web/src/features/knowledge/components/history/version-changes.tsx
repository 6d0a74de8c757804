import { useMemo } from 'react';
import { cn } from '@/lib/utils';
import { articleText, hasChanges, tagChanges, textChanges, type TextChange } from '../../lib/version-diff';

/** A version's title, tags and HTML: what two versions are compared by. */
export interface VersionText {
  title: string;
  tags: string[];
  content: string;
}

/** Added and removed runs marked by colour and by line (underline, strike-through), and named for screen readers. */
function Changes({ changes, className }: { changes: TextChange[]; className?: string }) {
  return (
    <p className={cn('whitespace-pre-wrap wrap-anywhere', className)}>
      {changes.map((change, index) =>
        change.kind === 'added' ? (
          <ins
            key={index}
            className="rounded-sm bg-emerald-100 text-emerald-950 dark:bg-emerald-900/60 dark:text-emerald-50"
          >
            <span className="sr-only">[added: </span>
            {change.text}
            <span className="sr-only">]</span>
          </ins>
        ) : change.kind === 'removed' ? (
          <del key={index} className="rounded-sm bg-red-100 text-red-950 dark:bg-red-900/60 dark:text-red-50">
            <span className="sr-only">[removed: </span>
            {change.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={index}>{change.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * What changed from `before` to `after`: the title and text word by word, the tags one by one.
 * The labels say which is which ("this version", "the current text").
 */
export function VersionChanges(props: {
  before: VersionText;
  after: VersionText;
  beforeLabel: string;
  afterLabel: string;
}) {
  const { before, after } = props;
  const body = useMemo(() => textChanges(articleText(before.content), articleText(after.content)), [before, after]);
  const title = textChanges(before.title, after.title);
  const tags = tagChanges(before.tags, after.tags);
  const same = !hasChanges(body) && !hasChanges(title) && !hasChanges(tags);
  return (
    <div className="grid gap-4" data-testid="version-changes">
      <p className="text-sm text-muted-foreground">
        From {props.beforeLabel} to {props.afterLabel}:{' '}
        <ins className="rounded-sm bg-emerald-100 px-1 text-emerald-950 dark:bg-emerald-900/60 dark:text-emerald-50">
          added
        </ins>{' '}
        and <del className="rounded-sm bg-red-100 px-1 text-red-950 dark:bg-red-900/60 dark:text-red-50">removed</del>{' '}
        text is marked.
      </p>
      {same ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No differences: the title, tags and text are the same.
        </p>
      ) : (
        <>
          <section aria-label="Title changes">
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Title</h3>
            <Changes changes={title} className="text-lg font-semibold" />
          </section>
          {tags.length > 0 && (
            <section aria-label="Tag changes">
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Tags</h3>
              <ul className="flex flex-wrap gap-1.5">
                {tags.map((tag) => (
                  <li key={`${tag.kind}:${tag.text}`}>
                    <Changes changes={[tag]} className="rounded-full border px-2.5 py-0.5 text-xs" />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-label="Text changes">
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Text</h3>
            <Changes changes={body} className="text-sm leading-relaxed" />
          </section>
        </>
      )}
    </div>
  );
}
