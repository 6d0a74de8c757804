import type { AnswerNoticeReason } from '../../common/ai-search';
import type { Env } from '../env';
import type { Passage } from '../search/passages';
import { keepRealCitations } from './citations';
import { describeExtractively, describeWithModel, type ItemDescription, type DescribableItem } from './describe';
import { answerExtractively } from './extractive-answer';
import { answerWithModel } from './model-answer';
import { ModelError, chatModel, type ModelSettings } from './model-client';

/** A passage an answer may draw on; the answer cites it as [n]. */
export interface Source {
  n: number;
  title: string;
  heading: string;
  text: string;
  /** Which of its lines are code, table rows or list items, to quote as Markdown blocks. */
  lines?: Passage['lines'];
}

/**
 * A piece of an answer as it is written: Markdown text, or word that the model
 * failed and the answer from the items follows (`restart`: the model's text
 * before it is withdrawn).
 */
export type AnswerPart = { text: string } | { fallback: { reason: AnswerNoticeReason; restart: boolean } };

/**
 * What writes Lore's AI texts. The extractive writer needs no model; the model
 * writer speaks to an OpenAI-compatible chat endpoint. Chosen once, by configuration.
 */
export interface Writer {
  readonly kind: 'extractive' | 'model';
  /**
   * An answer to `question` in Markdown, citing sources as [n], in pieces as it
   * is written. `timeLeftMs` is what the caller can still wait for the model.
   */
  answer(
    question: string,
    sources: Source[],
    options: { signal: AbortSignal; timeLeftMs?: number },
  ): AsyncIterable<AnswerPart>;
  /** An item's summary and the question it best answers. */
  describe(item: DescribableItem, signal?: AbortSignal): Promise<ItemDescription>;
}

/** How long the model may take: the answer's time-out and stall limit, and the background description's time-out. */
export type WriterTimings = Pick<ModelSettings, 'timeoutMs' | 'stallMs'> & { describeTimeoutMs?: number };

/**
 * A background description may wait longer than an answer (no one is waiting
 * on it), but not so long that one slow item holds the job queue for minutes.
 */
const DESCRIBE_TIMEOUT_MS = 60_000;

/** The writer the configuration asks for: the model when AI_BASE_URL and AI_MODEL are set, else extractive. */
export function createWriter(
  env: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>,
  options: { timings?: WriterTimings; onModelError?: (error: unknown, reason: AnswerNoticeReason) => void } = {},
): Writer {
  const { timings = {}, onModelError = () => {} } = options;
  if (!env.AI_BASE_URL || !env.AI_MODEL) {
    return {
      kind: 'extractive',
      answer: (question, sources) => textParts(answerExtractively(question, sources)),
      describe: async (item) => describeExtractively(item),
    };
  }
  const settings = { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL };
  const answering = chatModel({ ...settings, timeoutMs: timings.timeoutMs, stallMs: timings.stallMs });
  // Descriptions are written by the job queue, never on a save's or a search's path: their own client and time-out.
  const describing = chatModel({ ...settings, timeoutMs: timings.describeTimeoutMs ?? DESCRIBE_TIMEOUT_MS });
  return {
    kind: 'model',
    async *answer(question, sources, { signal, timeLeftMs }) {
      // The floor, written first (it is cheap): what the page gets if the model does not deliver in time.
      const fromItems = await collect(answerExtractively(question, sources));
      const fromModel = keepRealCitations(
        answerWithModel(answering, question, sources, { signal, timeLeftMs }),
        sources.map((source) => source.n),
      );
      yield* answerWithFallback(fromModel, fromItems, signal, onModelError);
    },
    describe: (item, signal) => describeWithModel(describing, item, signal),
  };
}

/**
 * The model's answer, as long as it delivers: if it fails, stalls or runs out of
 * time, before its first word or midway, the answer from the items instead,
 * so a question the items answer is always answered. Only the caller's abort
 * (the page went away) passes through.
 */
async function* answerWithFallback(
  modelAnswer: AsyncIterable<string>,
  fromItems: string[],
  signal: AbortSignal,
  onModelError: (error: unknown, reason: AnswerNoticeReason) => void,
): AsyncGenerator<AnswerPart> {
  let started = false;
  try {
    for await (const text of modelAnswer) {
      started = true;
      yield { text };
    }
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = error instanceof ModelError && error.timedOut ? 'model_timeout' : 'model_error';
    onModelError(error, reason);
    yield { fallback: { reason, restart: started } };
    for (const text of fromItems) yield { text };
  }
}

async function* textParts(texts: AsyncIterable<string>): AsyncGenerator<AnswerPart> {
  for await (const text of texts) yield { text };
}

async function collect(texts: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const text of texts) all.push(text);
  return all;
}
