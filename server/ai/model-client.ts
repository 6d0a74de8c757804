import { EventSourceParserStream, ParseError } from 'eventsource-parser/stream';

/** One message of a chat-completions conversation. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Where the model is and how long Lore waits for it. */
export interface ModelSettings {
  /** The API's base, e.g. http://localhost:11434/v1 for Ollama or https://api.openai.com/v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The longest a whole call may take. */
  timeoutMs?: number;
  /** The longest a stream may go without a token. */
  stallMs?: number;
}

/**
 * A model failed, stalled, timed out or answered outside the OpenAI protocol; the
 * message says why and is safe to log or show (it never carries the key).
 */
export class ModelError extends Error {
  override name = 'ModelError';
  /** True when the model was too slow (the time-out or the stall limit), false when it answered wrongly or not at all. */
  readonly timedOut: boolean;
  constructor(message: string, options: { timedOut?: boolean } = {}) {
    super(message);
    this.timedOut = options.timedOut ?? false;
  }
}

const DEFAULT_TIMEOUT_MS = 25_000;
const DEFAULT_STALL_MS = 8_000;

const tookTooLong = () => new ModelError('The model took too long', { timedOut: true });
const stoppedResponding = () => new ModelError('The model stopped responding', { timedOut: true });

/** A client for an OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, llama.cpp, vLLM...). */
export function chatModel(settings: ModelSettings) {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stallMs = settings.stallMs ?? DEFAULT_STALL_MS;

  async function post(messages: ChatMessage[], stream: boolean, signal: AbortSignal) {
    const response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: settings.model, messages, stream, temperature: 0.2 }),
      signal,
    }).catch((error: unknown) => {
      throw signal.aborted
        ? abortReason(signal)
        : new ModelError(`The model could not be reached (${describe(error)})`);
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ModelError(`The model answered with status ${response.status}`);
    }
    return response;
  }

  return {
    /**
     * The model's reply, token by token. The stall limit runs from the call's
     * start, so a model slow to say its first word stalls like one that stops
     * midway. Anything but a chat-completion event stream ending in `[DONE]`
     * (or a finish reason) with some text is a ModelError, never an empty reply.
     */
    async *stream(
      messages: ChatMessage[],
      options: { signal?: AbortSignal; timeLeftMs?: number } = {},
    ): AsyncGenerator<string> {
      const stalled = new AbortController();
      // The caller may have less time left than the client's own time-out (the page's 30 s began earlier).
      const signal = combined(options.signal, Math.min(timeoutMs, options.timeLeftMs ?? timeoutMs), stalled.signal);
      let stallTimer = setTimeout(() => stalled.abort(stoppedResponding()), stallMs);
      const stillFlowing = () => {
        clearTimeout(stallTimer);
        stallTimer = setTimeout(() => stalled.abort(stoppedResponding()), stallMs);
      };
      let events: ReadableStreamDefaultReader<{ data: string }> | undefined;
      try {
        const response = await post(messages, true, signal);
        const type = response.headers.get('content-type') ?? '';
        if (/application\/json/i.test(type)) {
          // A server that ignores `stream: true` sends the whole completion: read it as one.
          yield readCompletion(await readJson(response, signal));
          return;
        }
        if (!/text\/event-stream/i.test(type)) {
          await response.body?.cancel();
          throw new ModelError(`The model answered with ${type || 'no content type'}, not an event stream`);
        }
        if (!response.body) throw new ModelError('The model sent no stream');
        events = response.body
          .pipeThrough(new TextDecoderStream())
          .pipeThrough(new EventSourceParserStream({ onError: 'terminate' }))
          .getReader();
        let said = false;
        for (;;) {
          const { done, value } = await events.read().catch((error: unknown) => {
            if (signal.aborted) throw abortReason(signal);
            if (error instanceof ParseError) throw new ModelError('The model sent lines that are not an event stream');
            throw new ModelError(`The model's stream broke (${describe(error)})`);
          });
          if (done) throw new ModelError(said ? "The model's stream ended early" : 'The model sent no answer');
          stillFlowing();
          if (value.data === '[DONE]') {
            if (!said) throw new ModelError('The model sent an empty answer');
            return;
          }
          const chunk = parseChunk(value.data);
          if (chunk.error) throw new ModelError(`The model failed: ${chunk.error}`);
          if (chunk.text) {
            said = true;
            yield chunk.text;
          }
          if (chunk.finished && said) return;
        }
      } finally {
        clearTimeout(stallTimer);
        await events?.cancel().catch(() => {});
      }
    },

    /** The model's whole reply at once; a reply that is not OpenAI JSON with some text is a ModelError. */
    async complete(messages: ChatMessage[], options: { signal?: AbortSignal } = {}): Promise<string> {
      const signal = combined(options.signal, timeoutMs);
      const response = await post(messages, false, signal);
      return readCompletion(await readJson(response, signal));
    },
  };
}

/** A whole completion's body as JSON; a body of another kind (an HTML page) is a ModelError. */
async function readJson(response: Response, signal: AbortSignal): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!/json/i.test(type)) {
    await response.body?.cancel();
    throw new ModelError(`The model answered with ${type || 'no content type'}, not JSON`);
  }
  return response.json().catch(() => {
    throw signal.aborted ? abortReason(signal) : new ModelError('The model sent JSON Lore cannot read');
  });
}

/** The text of a whole chat completion, or why there is none. */
function readCompletion(body: unknown): string {
  const completion = body as { choices?: Array<{ message?: { content?: unknown } }>; error?: unknown } | null;
  if (completion?.error) throw new ModelError(`The model failed: ${errorText(completion.error)}`);
  const content = completion?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new ModelError('The model sent an answer Lore cannot read');
  if (!content.trim()) throw new ModelError('The model sent an empty answer');
  return content;
}

export type ChatModel = ReturnType<typeof chatModel>;

/** A client for an OpenAI-compatible `/embeddings` endpoint. */
export function embeddingModel(settings: ModelSettings) {
  return {
    async embed(texts: string[], options: { signal?: AbortSignal } = {}): Promise<number[][]> {
      const signal = combined(options.signal, settings.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/embeddings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: settings.model, input: texts }),
        signal,
      }).catch((error: unknown) => {
        throw signal.aborted
          ? abortReason(signal)
          : new ModelError(`The embeddings model could not be reached (${describe(error)})`);
      });
      if (!response.ok) throw new ModelError(`The embeddings model answered with status ${response.status}`);
      const body = (await response.json().catch(() => null)) as {
        data?: Array<{ embedding?: number[]; index?: number }>;
      } | null;
      const vectors = [...(body?.data ?? [])]
        .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
        .map((row) => row.embedding);
      if (vectors.length !== texts.length || vectors.some((v) => !Array.isArray(v))) {
        throw new ModelError('The embeddings model sent an answer Lore cannot read');
      }
      return vectors as number[][];
    },
  };
}

export type EmbeddingModel = ReturnType<typeof embeddingModel>;

/** A stream chunk's text and whether it is the last, or the error some servers send inside the stream. */
function parseChunk(data: string): { text?: string; finished?: boolean; error?: string } {
  let chunk: { choices?: Array<{ delta?: { content?: unknown }; finish_reason?: unknown }>; error?: unknown };
  try {
    chunk = JSON.parse(data) as typeof chunk;
  } catch {
    return { error: 'a line that is not JSON' };
  }
  if (chunk?.error) return { error: errorText(chunk.error) };
  if (!Array.isArray(chunk?.choices)) return { error: 'a line that is not a chat-completion chunk' };
  const [choice] = chunk.choices;
  const content = choice?.delta?.content;
  return { text: typeof content === 'string' ? content : '', finished: Boolean(choice?.finish_reason) };
}

const errorText = (error: unknown) =>
  typeof error === 'string'
    ? error
    : typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : 'unknown error';

/**
 * The caller's signal, a time-out and any others, as one. The time-out is a
 * plain timer (unref'd, so it never keeps the process alive) rather than
 * AbortSignal.timeout, whose firing inside AbortSignal.any proved unreliable.
 */
function combined(signal: AbortSignal | undefined, timeoutMs: number, ...more: AbortSignal[]) {
  const timeout = new AbortController();
  setTimeout(() => timeout.abort(new DOMException('The call took too long', 'TimeoutError')), timeoutMs).unref();
  return AbortSignal.any([timeout.signal, ...more, ...(signal ? [signal] : [])]);
}

/** Why a call was cut off: the caller's abort passes through; a time-out or a stall becomes a ModelError. */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof ModelError) return reason;
  if (reason instanceof DOMException && reason.name === 'TimeoutError') return tookTooLong();
  return reason instanceof Error ? reason : new Error('Aborted');
}

const describe = (error: unknown) =>
  error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
