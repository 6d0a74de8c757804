import { RotateCcw, SearchX, Sparkles, TriangleAlert } from 'lucide-react';
import { AI_SEARCH_LIMITS } from '@common/ai-search';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AI_SEARCH_MESSAGES } from '../lib/messages';

/** Before the first question. */
export function AskAnything() {
  return (
    <EmptyState icon={Sparkles} title="Ask your team's knowledge">
      Ask a question in plain words. The answer is drawn from the items in this workspace, with numbered links to each
      source so you can check it.
    </EmptyState>
  );
}

/** The search finished with neither an answer nor related items. */
export function NoResults() {
  return (
    <EmptyState icon={SearchX} title="Nothing found">
      {AI_SEARCH_MESSAGES.noResults}
    </EmptyState>
  );
}

/** The search failed: why, and a Retry (1 s later, at most 3 times). */
export function SearchFailed({
  message,
  retryCount,
  onRetry,
}: {
  message: string;
  retryCount: number;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-xl border border-destructive/30 px-6 py-12 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert className="size-6" />
      </div>
      <h2 className="text-lg font-semibold">Search failed</h2>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" className="mt-6" onClick={onRetry}>
        <RotateCcw /> Retry
      </Button>
      {retryCount > 0 && (
        <p className="mt-3 text-xs text-muted-foreground">
          Retried {retryCount} of {AI_SEARCH_LIMITS.retries} times
        </p>
      )}
    </div>
  );
}
