import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { COMPOSER_PLACEHOLDER } from '../lib/composer-placeholder';
import type { CommentComposer as CommentComposerCode } from './comment-composer';

/**
 * The composer's code comes with the editor's (Tiptap and ProseMirror, a megabyte before
 * compression), which reading an article does not need: evaluating it with the article
 * was a long task on a phone. It is loaded when someone goes to write.
 */
const loadComposer = () => import('./comment-composer');
const CommentComposer = lazy(() => loadComposer().then((m) => ({ default: m.CommentComposer })));

type ComposerProps = ComponentProps<typeof CommentComposer>;

/** A reply's or an edit's composer, opened by a click: a moment's spinner the first time its code loads. */
export function OpenedComposer(props: ComposerProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Opening the editor…
        </p>
      }
    >
      <CommentComposer {...props} />
    </Suspense>
  );
}

/**
 * The new comment's box: a plain text box until its editor's code has come, which starts
 * loading when the pointer comes near or the box takes focus. What is typed meanwhile is
 * carried into the editor, which takes the focus where the box had it.
 */
export function NewCommentComposer(props: Omit<ComposerProps, 'initialBody' | 'autoFocus'>) {
  const [draft, setDraft] = useState('');
  const [focused, setFocused] = useState(false);
  // The component itself once its code has come: drawn in the box's place at once, with no empty moment between.
  const [Composer, setComposer] = useState<typeof CommentComposerCode | null>(null);
  const load = () => void loadComposer().then((code) => setComposer(() => code.CommentComposer));

  if (Composer) return <Composer {...props} initialBody={paragraphsOf(draft)} autoFocus={focused} />;
  return (
    <div className="comment-composer rounded-lg border bg-card focus-within:ring-2 focus-within:ring-ring">
      <textarea
        aria-label={props.label}
        placeholder={COMPOSER_PLACEHOLDER}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onPointerEnter={load}
        onFocus={() => {
          setFocused(true);
          load();
        }}
        onBlur={() => setFocused(false)}
        className="comment-editor block w-full resize-none bg-transparent placeholder:text-muted-foreground"
      />
      <div className="flex items-center justify-end gap-2 border-t px-2 py-1.5">
        <Button size="sm" disabled>
          {props.submitLabel}
        </Button>
      </div>
    </div>
  );
}

/** Plain text as the editor's HTML: a paragraph per line, its characters escaped. */
function paragraphsOf(text: string) {
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    ? text
        .split('\n')
        .map((line) => `<p>${escape(line)}</p>`)
        .join('')
    : '';
}
