import { Info, Sparkles } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import '@/components/ui/rich-text.css';
import './answer-content.css';

/**
 * The answer, as sanitised HTML, growing while it streams. Its citation links
 * open the item inside the app rather than reloading the page. A `notice` (the
 * model failed, so the items answer) stands above it, and is announced.
 */
export function AnswerPanel({
  query,
  html,
  streaming,
  notice,
}: {
  query: string;
  html: string;
  streaming: boolean;
  notice?: string | null;
}) {
  const navigate = useNavigate();
  const followInAppLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    <section aria-label="Answer" aria-busy={streaming} className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 className="mb-4 flex items-start gap-2 text-base font-semibold leading-snug">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 break-words">{query}</span>
      </h2>
      {/* Always rendered, so a screen reader announces the notice when it arrives. */}
      <div role="status" className="empty:hidden" data-testid="ai-answer-notice">
        {notice && (
          <p className="mb-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{notice}</span>
          </p>
        )}
      </div>
      {html ? (
        // Rendered by renderAnswer: marked, then DOMPurify.
        <div
          className="rich-text answer-content"
          data-testid="ai-answer"
          data-streaming={streaming || undefined}
          onClick={followInAppLink}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        streaming && (
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            <Spinner className="size-4" label="Searching" /> Searching your knowledge...
          </div>
        )
      )}
    </section>
  );
}
