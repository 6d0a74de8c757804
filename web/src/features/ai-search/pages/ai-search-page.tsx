import { Eraser } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useConnectionState } from '@/features/live';
import { cn } from '@/lib/utils';
import { AnswerPanel } from '../components/answer-panel';
import { ExampleQuestions } from '../components/example-questions';
import { OfflineBanner } from '../components/offline-banner';
import { RelatedItems } from '../components/related-items';
import { SearchForm } from '../components/search-form';
import { AskAnything, NoResults, SearchFailed } from '../components/search-states';
import { useAiSearch } from '../hooks/use-ai-search';

/** /account/:id/ai-search: ask a question, read the streamed answer and its sources. ?q= asks at once, ?reset=true clears. */
export function AiSearchPage() {
  const { accountId = '' } = useParams();
  // Another workspace is another search, with its own saved state.
  return <AiSearch key={accountId} accountId={accountId} />;
}

function AiSearch({ accountId }: { accountId: string }) {
  const { state, search, retry, cancel, reset } = useAiSearch(accountId);
  const [draft, setDraft] = useState(state.query);
  // A new question (typed, picked, from ?q=) or a reset shows in the box: adjusted while rendering, not in an effect.
  const [shownQuery, setShownQuery] = useState(state.query);
  if (state.query !== shownQuery) {
    setShownQuery(state.query);
    setDraft(state.query);
  }
  // The page's one connection state (features/live): offline when the browser is, or Lore cannot be reached.
  const offline = useConnectionState() === 'disconnected';
  const [params, setParams] = useSearchParams();
  const asked = params.get('q');
  const resetting = params.get('reset') === 'true';

  // Both parameters are acted on once and then leave the address, so a reload restores the answer rather than asking again.
  useEffect(() => {
    if (asked === null && !resetting) return;
    if (resetting) reset();
    if (asked !== null) search(asked);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('q');
        next.delete('reset');
        return next;
      },
      { replace: true },
    );
  }, [asked, resetting, reset, search, setParams]);

  const startOver = () => {
    reset();
    setDraft('');
  };
  const searching = state.status === 'searching';
  const nothingFound = state.status === 'completed' && !state.rawMarkdown.trim() && state.relatedItems.length === 0;

  let body;
  if (state.status === 'idle') body = <AskAnything />;
  else if (state.status === 'error')
    body = <SearchFailed message={state.error ?? ''} retryCount={state.retryCount} onRetry={retry} />;
  else if (nothingFound) body = <NoResults />;
  else
    body = (
      <div
        className={cn(
          'grid items-start gap-6',
          (searching || state.relatedItems.length > 0) && 'lg:grid-cols-[minmax(0,1fr)_20rem]',
        )}
      >
        <div>
          {state.correctedQuery && (
            <p className="mb-3 text-sm text-muted-foreground" role="status">
              Nothing matched your words as typed. Showing results for{' '}
              <strong className="font-semibold italic text-foreground">{state.correctedQuery}</strong>.
            </p>
          )}
          <AnswerPanel query={state.query} html={state.results} streaming={searching} notice={state.notice} />
        </div>
        <RelatedItems
          accountId={accountId}
          items={state.relatedItems}
          knowledgeMap={state.knowledgeMap}
          loading={searching}
        />
      </div>
    );

  return (
    <>
      <PageHeader
        title="AI Search"
        description="Ask in plain words; the answer comes from your workspace, with links to its sources."
        actions={
          state.status !== 'idle' &&
          !searching && (
            <Button variant="outline" onClick={startOver}>
              <Eraser /> New search
            </Button>
          )
        }
      />
      <div className="mb-6 grid gap-4">
        {offline && <OfflineBanner />}
        <SearchForm value={draft} onChange={setDraft} onSearch={search} onCancel={cancel} searching={searching} />
        {state.cancelled && (
          <p role="status" className="text-sm text-muted-foreground">
            Search cancelled.
          </p>
        )}
        {state.status === 'idle' && <ExampleQuestions accountId={accountId} onPick={search} />}
      </div>
      {body}
    </>
  );
}
