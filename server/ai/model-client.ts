import { EventSourceParserStream } from 'eventsource-parser/stream';

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

/** A model failed, stalled or timed out; the message is safe to show (it never carries the key). */
export class ModelError extends Error {
  override name = 'ModelError';
}

const DEFAULT_TIMEOUT_MS = 25_000;
const DEFAULT_STALL_MS = 8_000;

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
    /** The model's reply, token by token. */
    async *stream(messages: ChatMessage[], options: { signal?: AbortSignal } = {}): AsyncGenerator<string> {
      const stalled = new AbortController();
      const signal = combined(options.signal, timeoutMs, stalled.signal);
      const response = await post(messages, true, signal);
      if (!response.body) throw new ModelError('The model sent no stream');
      const events = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader();
      let stallTimer = setTimeout(() => stalled.abort(new ModelError('The model stopped responding')), stallMs);
      try {
        for (;;) {
          const { done, value } = await events.read().catch((error: unknown) => {
            throw signal.aborted
              ? abortReason(signal)
              : new ModelError(`The model's stream broke (${describe(error)})`);
          });
          if (done) return;
          clearTimeout(stallTimer);
          stallTimer = setTimeout(() => stalled.abort(new ModelError('The model stopped responding')), stallMs);
          if (value.data === '[DONE]') return;
          const chunk = parseChunk(value.data);
          if (chunk.error) throw new ModelError(`The model failed: ${chunk.error}`);
          if (chunk.text) yield chunk.text;
        }
      } finally {
        clearTimeout(stallTimer);
        await events.cancel().catch(() => {});
      }
    },

    /** The model's whole reply at once. */
    async complete(messages: ChatMessage[], options: { signal?: AbortSignal } = {}): Promise<string> {
      const signal = combined(options.signal, timeoutMs);
      const response = await post(messages, false, signal);
      const body = (await response.json().catch(() => null)) as {
        choices?: Array<{ message?: { content?: string } }>;
      } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new ModelError('The model sent an answer Lore cannot read');
      return content;
    },
  };
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

/** A stream chunk's text, or the error some servers send inside the stream. */
function parseChunk(data: string): { text?: string; error?: string } {
  try {
    const chunk = JSON.parse(data) as {
      choices?: Array<{ delta?: { content?: string } }>;
      error?: { message?: string } | string;
    };
    if (chunk.error)
      return { error: typeof chunk.error === 'string' ? chunk.error : (chunk.error.message ?? 'unknown error') };
    return { text: chunk.choices?.[0]?.delta?.content ?? '' };
  } catch {
    return { error: 'an unreadable chunk' };
  }
}

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
  if (reason instanceof DOMException && reason.name === 'TimeoutError')
    return new ModelError('The model took too long');
  return reason instanceof Error ? reason : new Error('Aborted');
}

const describe = (error: unknown) =>
  error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
