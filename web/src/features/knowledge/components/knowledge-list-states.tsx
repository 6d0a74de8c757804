import { SEARCH_MAX_LENGTH } from '@common/knowledge-limits';
import { BookOpen, Lock, SearchX, TextCursorInput, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';

/** No items at all in the account. */
export function NoKnowledgeYet({ accountId }: { accountId: string }) {
  return (
    <EmptyState
      icon={BookOpen}
      title="No knowledge yet"
      action={
        <Button asChild>
          <Link to={paths.account(accountId).createArticle()}>Add Knowledge</Link>
        </Button>
      }
    >
      Write down how things work, so your team can find it later.
    </EmptyState>
  );
}

/** Filters that match nothing. */
export function NoMatchingKnowledge({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={SearchX}
      title="No matching knowledge"
      action={
        <Button variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      Try other words or fewer tags.
    </EmptyState>
  );
}

/** A search over the length limit: said in the list, where the results would be, and never sent. */
export function SearchTooLong({ length, onClear }: { length: number; onClear: () => void }) {
  return (
    <EmptyState
      icon={TextCursorInput}
      title="The search text is too long"
      action={
        <Button variant="outline" onClick={onClear}>
          Clear search
        </Button>
      }
    >
      A search can be up to {SEARCH_MAX_LENGTH} characters; this one has {length}. Shorten it to a few words to see
      results.
    </EmptyState>
  );
}

/** The suggestion's words, the corrected ones marked, when it has as many as the search (the server only swaps words). */
function markCorrections(search: string, suggestion: string) {
  const typed = search.trim().split(/(\s+)/);
  const offered = suggestion.split(/(\s+)/);
  if (typed.length !== offered.length) return suggestion;
  return offered.map((part, i) =>
    part === typed[i] ? (
      part
    ) : (
      <strong key={i} className="font-semibold italic">
        {part}
      </strong>
    ),
  );
}

/** "Did you mean ...?": the search with misspelt words replaced by the workspace's own; choosing it searches it. */
export function SearchSuggestion({
  search,
  suggestion,
  onChoose,
}: {
  search: string;
  suggestion: string;
  onChoose: () => void;
}) {
  return (
    <p className="mb-4 text-sm text-muted-foreground" role="status">
      Did you mean{' '}
      <button
        type="button"
        onClick={onChoose}
        className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
      >
        {markCorrections(search, suggestion)}
      </button>
      ?
    </p>
  );
}

/**
 * "Showing results for ...": the words as typed found nothing, so the list shows the
 * items of the nearest workspace words; the words as typed are one choice away.
 */
export function ShowingResultsFor({
  search,
  corrected,
  onSearchAsTyped,
}: {
  search: string;
  corrected: string;
  onSearchAsTyped: () => void;
}) {
  return (
    <p className="mb-4 text-sm text-muted-foreground" role="status">
      Showing results for <span className="font-medium text-foreground">{markCorrections(search, corrected)}</span>.{' '}
      Search instead for{' '}
      <button
        type="button"
        onClick={onSearchAsTyped}
        className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
      >
        {search.trim()}
      </button>
    </p>
  );
}

/** The list could not be loaded: refresh the list, or reload the whole app. */
export function KnowledgeListError({
  message,
  onRefresh,
  refreshing,
}: {
  message: string;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <EmptyState
      icon={TriangleAlert}
      title="Error loading knowledge items"
      action={
        <div className="flex gap-2">
          <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
            Refresh
          </Button>
          <Button onClick={() => window.location.reload()}>Refresh App</Button>
        </div>
      }
    >
      {message}
    </EmptyState>
  );
}

/** The session ended while the list was open. */
export function AuthenticationRequired() {
  return (
    <EmptyState
      icon={Lock}
      title="Authentication Required"
      action={
        <Button asChild>
          <Link to={paths.login()}>Sign in</Link>
        </Button>
      }
    >
      Sign in again to see your team's knowledge.
    </EmptyState>
  );
}

/** Placeholder cards while the first page loads. */
export function KnowledgeGridSkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
      aria-busy="true"
      aria-label="Loading knowledge"
    >
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="h-[450px] animate-pulse rounded-xl border bg-muted/50" />
      ))}
    </div>
  );
}
