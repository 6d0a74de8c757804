import type { Env } from '../env';
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
}

/**
 * What writes Lore's AI texts. The extractive writer needs no model; the model
 * writer speaks to an OpenAI-compatible chat endpoint. Chosen once, by configuration.
 */
export interface Writer {
  readonly kind: 'extractive' | 'model';
  /** An answer to `question` in Markdown, citing sources as [n], in chunks as it is written. */
  answer(question: string, sources: Source[], signal: AbortSignal): AsyncIterable<string>;
  /** An item's summary and the question it best answers. */
  describe(item: DescribableItem, signal?: AbortSignal): Promise<ItemDescription>;
}

/** The writer the configuration asks for: the model when AI_BASE_URL and AI_MODEL are set, else extractive. */
export function createWriter(
  env: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>,
  options: { timings?: Pick<ModelSettings, 'timeoutMs' | 'stallMs'>; onModelError?: (error: unknown) => void } = {},
): Writer {
  const { timings, onModelError = () => {} } = options;
  if (!env.AI_BASE_URL || !env.AI_MODEL) {
    return {
      kind: 'extractive',
      answer: (question, sources) => answerExtractively(question, sources),
      describe: async (item) => describeExtractively(item),
    };
  }
  const model = chatModel({ baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, ...timings });
  return {
    kind: 'model',
    answer: (question, sources, signal) =>
      answerWithFallback(answerWithModel(model, question, sources, signal), question, sources, onModelError),
    describe: (item, signal) => describeWithModel(model, item, signal),
  };
}

/**
 * The model's answer; if the model fails before its first word (down,
 * overloaded, too slow), the extractive answer instead, so the question is
 * still answered. A failure midway is passed on: half an answer is not replaced.
 */
async function* answerWithFallback(
  modelAnswer: AsyncIterable<string>,
  question: string,
  sources: Source[],
  onModelError: (error: unknown) => void,
): AsyncGenerator<string> {
  let started = false;
  try {
    for await (const text of modelAnswer) {
      started = true;
      yield text;
    }
  } catch (error) {
    if (started || !(error instanceof ModelError)) throw error;
    onModelError(error);
    yield* answerExtractively(question, sources);
  }
}
