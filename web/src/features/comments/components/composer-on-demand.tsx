import { lazy, Suspense, useRef, useState, type ComponentProps } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { COMPOSER_PLACEHOLDER } from '../lib/composer-placeholder';
import type { CommentComposer as CommentComposerCode, ReadyEditor } from './comment-composer';

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
 * loading when the pointer comes near or the box takes focus. The editor is then made
 * out of sight, and takes the box's place once it is ready, in one step: it gets what
 * was typed until then, and the focus, before another key can be pressed (keys typed
 * between the box going and the editor taking the focus were lost).
 */
export function NewCommentComposer(props: Omit<ComposerProps, 'initialBody' | 'autoFocus' | 'onReady'>) {
  const [draft, setDraft] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  // The component itself once its code has come, and whether its editor has taken the box's place.
  const [Composer, setComposer] = useState<typeof CommentComposerCode | null>(null);
  const [handedOver, setHandedOver] = useState(false);
  const load = () => void loadComposer().then((code) => setComposer(() => code.CommentComposer));

  const takeOver = (editor: ReadyEditor) => {
    const focused = document.activeElement === box.current;
    editor.fillWithText(box.current?.value ?? '');
    flushSync(() => setHandedOver(true));
    if (focused) editor.focusAtEnd();
  };

  return (
    <>
      {Composer && (
        <div hidden={!handedOver}>
          <Composer {...props} onReady={takeOver} />
        </div>
      )}
      {!handedOver && (
        <div className="comment-composer rounded-lg border bg-card focus-within:ring-2 focus-within:ring-ring">
          <textarea
            ref={box}
            aria-label={props.label}
            placeholder={COMPOSER_PLACEHOLDER}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onPointerEnter={load}
            onFocus={load}
            className="comment-editor block w-full resize-none bg-transparent placeholder:text-muted-foreground"
          />
          <div className="flex items-center justify-end gap-2 border-t px-2 py-1.5">
            <Button size="sm" disabled>
              {props.submitLabel}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
