import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AI_SEARCH_LIMITS } from '@common/ai-search';
import { rememberQuestionAsked } from '@/lib/asked-question';
import { AI_SEARCH_MESSAGES } from '../lib/messages';
import { renderAnswer, sanitizeAnswer } from '../lib/render-answer';
import { emptyResult, forgetSearch, loadSearch, saveSearch, type SearchResult } from '../lib/saved-search';
import { AiSearchError, isAbort, runAiSearch } from '../lib/search-stream';

/** Spec section 4: a search is idle, searching, completed or failed. */
export type SearchStatus = 'idle' | 'searching' | 'completed' | 'error';

export interface AiSearchState extends SearchResult {
  status: SearchStatus;
  /** The last search was cancelled by the person. */
  cancelled: boolean;
}

const idle: AiSearchState = { ...emptyResult, status: 'idle', cancelled: false };

/** The account's saved search, shown as it finished; its HTML is sanitised again, as anything read from storage. */
function restore(accountId: string): AiSearchState {
  const saved = loadSearch(accountId);
  if (!saved) return idle;
  const status = saved.error ? 'error' : 'completed';
  return { ...saved, results: sanitizeAnswer(saved.results), status, cancelled: false };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/**
 * The AI search of one account: ask, watch the answer stream in, cancel,
 * retry (up to 3 times, 1 s apart), reset. A finished search (answer or
 * error) is saved per account and restored on the next visit within 30 min.
 */
export function useAiSearch(accountId: string) {
  const [state, setState] = useState(() => restore(accountId));
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback(
    async (query: string, retryCount: number) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      // The search's own copy of its result: what is shown, and what is saved when it ends.
      let result: SearchResult = { ...emptyResult, query, retryCount };
      const show = (patch: Partial<SearchResult>, status: SearchStatus = 'searching') => {
        result = { ...result, ...patch };
        if (running.current === controller) setState({ ...result, status, cancelled: false });
      };
      const render = (rawMarkdown: string, knowledgeMap = result.knowledgeMap) => ({
        rawMarkdown,
        results: renderAnswer(rawMarkdown, knowledgeMap, accountId),
      });

      forgetSearch(accountId); // A reload while this one runs must not bring back the previous answer.
      show({});
      try {
        if (retryCount > 0) await wait(AI_SEARCH_LIMITS.retryDelayMs, controller.signal);
        await runAiSearch({
          accountId,
          query,
          signal: controller.signal,
          handlers: {
            onStart: (knowledgeMap, correctedQuery) => show({ knowledgeMap, correctedQuery }),
            onUpdate: (knowledgeMap, relatedItems) =>
              show({ knowledgeMap, relatedItems, ...render(result.rawMarkdown, knowledgeMap) }),
            onText: (text) => show(render(result.rawMarkdown + text)),
            onRawMarkdown: (rawMarkdown) => show(render(rawMarkdown)),
            // The model's unfinished answer, if any, makes way for the answer from the items.
            onNotice: ({ message, restart }) => show({ notice: message, ...(restart ? render('') : {}) }),
          },
        });
        show({}, 'completed');
        saveSearch(accountId, result);
        rememberQuestionAsked(accountId);
      } catch (error) {
        if (running.current !== controller) return; // A newer search took over.
        if (isAbort(error)) {
          setState({ ...idle, query, retryCount, cancelled: true });
          return;
        }
        const message = error instanceof AiSearchError ? error.message : String(error);
        show({ error: message }, 'error');
        saveSearch(accountId, result);
        toast.error('Search Error', { description: message });
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [accountId],
  );

  /** Asks a new question; a blank one is refused with the spec's toast. */
  const search = useCallback(
    (query: string) => {
      const question = query.trim();
      if (!question) {
        toast.error('Empty Search', { description: AI_SEARCH_MESSAGES.emptyQuery });
        return;
      }
      void run(question, 0);
    },
    [run],
  );

  /** Asks the last question again after 1 s, at most 3 times. */
  const retry = useCallback(() => {
    if (!state.query.trim()) toast.error('Retry Error', { description: AI_SEARCH_MESSAGES.noPreviousSearch });
    else if (state.retryCount >= AI_SEARCH_LIMITS.retries)
      toast.error('Retry Failed', { description: AI_SEARCH_MESSAGES.maxRetries });
    else void run(state.query, state.retryCount + 1);
  }, [run, state.query, state.retryCount]);

  /** Stops the running search (the request is aborted, and with it the server's work). */
  const cancel = useCallback(() => running.current?.abort(), []);

  /** Back to a blank page, forgetting the saved search (?reset=true). */
  const reset = useCallback(() => {
    const current = running.current;
    running.current = null;
    current?.abort();
    forgetSearch(accountId);
    setState(idle);
  }, [accountId]);

  return { state, search, retry, cancel, reset };
}
