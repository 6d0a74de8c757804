import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { randomId } from '@/lib/random-id';
import type { z } from 'zod';
import {
  AI_SEARCH_LIMITS,
  aiSearchEventSchemas,
  REQUEST_ID_HEADER,
  type AnswerNotice,
  type KnowledgeMap,
  type RelatedItem,
} from '@common/ai-search';
import { aiKnowledgeSearch } from '@common/api/routes';
import { AI_SEARCH_MESSAGES, httpErrorMessage } from './messages';

/** A failure to show as it is: an HTTP status's text, the stream's `error` event, a time-out or a stall. */
export class AiSearchError extends Error {
  override name = 'AiSearchError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What the page does with each event of the answer's stream. */
export interface AiSearchHandlers {
  /** `correctedQuery`: the nearest workspace words, searched because the question's found nothing. */
  onStart?: (knowledgeMap: KnowledgeMap, correctedQuery: string | null) => void;
  onUpdate?: (knowledgeMap: KnowledgeMap, items: RelatedItem[]) => void;
  /** A chunk of the answer's Markdown, in order. */
  onText?: (text: string) => void;
  /** The whole answer, sent once the last chunk has gone. */
  onRawMarkdown?: (markdown: string) => void;
  /**
   * The model failed or was too slow: the answer that follows comes from the
   * items (`message` says so); with `restart`, the text so far is withdrawn.
   */
  onNotice?: (notice: AnswerNotice) => void;
}

export interface AiSearchOptions {
  accountId: string;
  query: string;
  handlers: AiSearchHandlers;
  /** Aborting it (Cancel, leaving the page) stops the request and the server's work. */
  signal?: AbortSignal;
  limits?: { timeoutMs: number; stallMs: number };
  fetch?: typeof fetch;
}

/**
 * Asks the question and reads the answer's event stream to its end. Resolves
 * on `done` (or a clean end of the stream); rejects with an AiSearchError for
 * an HTTP error, an `error` event, the overall time-out or a stall, and with
 * the signal's reason when the caller aborts.
 */
export async function runAiSearch({
  accountId,
  query,
  handlers,
  signal,
  limits = AI_SEARCH_LIMITS,
  fetch: send = fetch,
}: AiSearchOptions): Promise<void> {
  signal?.throwIfAborted();
  // One controller stops everything, whatever the cause; its reason says which cause it was.
  const controller = new AbortController();
  const stop = (reason: unknown) => controller.abort(reason);
  const onCallerAbort = () => stop(signal?.reason);
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  const overall = setTimeout(() => stop(new AiSearchError(AI_SEARCH_MESSAGES.timedOut)), limits.timeoutMs);
  let stall: ReturnType<typeof setTimeout> | undefined;
  const stillFlowing = () => {
    clearTimeout(stall);
    stall = setTimeout(() => stop(new AiSearchError(AI_SEARCH_MESSAGES.stalled)), limits.stallMs);
  };

  try {
    const response = await send(aiKnowledgeSearch.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        [REQUEST_ID_HEADER]: randomId(),
      },
      body: JSON.stringify({ accountId, query }),
      signal: controller.signal,
    });
    if (!response.ok) throw new AiSearchError(httpErrorMessage(response.status), response.status);
    if (!response.body) throw new AiSearchError(AI_SEARCH_MESSAGES.noBody);

    stillFlowing();
    const events = response.body
      .pipeThrough(
        new TransformStream<Uint8Array<ArrayBuffer>, BufferSource>({
          transform(chunk, out) {
            stillFlowing();
            out.enqueue(chunk);
          },
        }),
      )
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    // Whatever stops the search also ends a read that is waiting (a fetch that ignores its signal included).
    controller.signal.addEventListener('abort', () => void events.cancel().catch(() => {}), { once: true });
    try {
      for (;;) {
        const { done, value } = await events.read();
        if (done || controller.signal.aborted) break;
        if (dispatch(value, handlers) === 'done') return;
      }
    } finally {
      events.releaseLock();
    }
    controller.signal.throwIfAborted();
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error instanceof AiSearchError || isAbort(error) ? error : new AiSearchError(AI_SEARCH_MESSAGES.unreachable);
  } finally {
    clearTimeout(overall);
    clearTimeout(stall);
    signal?.removeEventListener('abort', onCallerAbort);
    if (!controller.signal.aborted) controller.abort();
  }
}

type EventName = keyof typeof aiSearchEventSchemas;

/** Hands one event to its handler; says when the answer is complete. */
function dispatch(message: EventSourceMessage, handlers: AiSearchHandlers): 'done' | undefined {
  const name = message.event ?? 'message';
  switch (name) {
    case 'start':
      {
        const { knowledgeMap, correctedQuery } = parse('start', message.data);
        handlers.onStart?.(knowledgeMap, correctedQuery ?? null);
      }
      return undefined;
    case 'update': {
      const { knowledgeMap, items } = parse('update', message.data);
      handlers.onUpdate?.(knowledgeMap, items);
      return undefined;
    }
    case 'message': {
      const data = parse('message', message.data);
      if ('text' in data) handlers.onText?.(data.text);
      else handlers.onRawMarkdown?.(data.rawMarkdown);
      return undefined;
    }
    case 'notice':
      handlers.onNotice?.(parse('notice', message.data));
      return undefined;
    case 'error':
      throw new AiSearchError(parse('error', message.data).message);
    case 'done':
      return 'done';
    default:
      return undefined; // An event a newer server may add.
  }
}

function parse<K extends EventName>(name: K, data: string): z.infer<(typeof aiSearchEventSchemas)[K]> {
  const parsed = aiSearchEventSchemas[name].safeParse(readJson(data));
  if (!parsed.success) throw new AiSearchError(`Unreadable ${name} event in the answer`);
  return parsed.data as z.infer<(typeof aiSearchEventSchemas)[K]>;
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** True for the error fetch and streams give when their signal aborts. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
