import { ModelError, embeddingModel } from '../ai/model-client';
import type { Env } from '../env';

/** Texts per call to the embeddings endpoint: few round trips, and well under any server's batch limit. */
export const EMBED_BATCH = 32;
/**
 * Characters of a text sent to be embedded. A passage is at most 300 words
 * (about 2,000 characters); the cap keeps a text within the 512 tokens of the
 * smaller embedding models, which would otherwise refuse or silently cut it.
 */
export const EMBED_MAX_CHARACTERS = 2000;

/** The configured embeddings model: names its vectors by `model` and answers unit vectors. */
export interface Embedder {
  readonly model: string;
  /** One unit vector per text, in order. */
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}

/** The embedder the configuration asks for, or none: AI_BASE_URL and AI_EMBEDDING_MODEL turn it on. */
export function createEmbedder(
  env: Partial<Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_EMBEDDING_MODEL'>>,
  options: { timeoutMs?: number } = {},
): Embedder | undefined {
  if (!env.AI_BASE_URL || !env.AI_EMBEDDING_MODEL) return undefined;
  const model = env.AI_EMBEDDING_MODEL;
  const client = embeddingModel({
    baseUrl: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model,
    timeoutMs: options.timeoutMs,
  });
  return {
    model,
    async embed(texts, { signal } = {}) {
      if (texts.length === 0) return [];
      const input = texts.map((text) => text.slice(0, EMBED_MAX_CHARACTERS));
      // Once more at once when the time allows: a kept-alive connection the server has
      // just closed fails the first call ("other side closed"), and the next one works.
      const vectors = await client.embed(input, { signal }).catch((error: unknown) => {
        if (signal?.aborted || !(error instanceof ModelError)) throw error;
        return client.embed(input, { signal });
      });
      return vectors.map((vector) => unitVector(vector, vectors[0]!.length));
    },
  };
}

/**
 * The vector scaled to length 1, so a dot product is the cosine similarity.
 * A vector of another length than the batch's, or with a non-number, is refused
 * rather than stored: it could never be compared.
 */
export function unitVector(vector: number[], dimensions = vector.length): number[] {
  if (vector.length === 0 || vector.length !== dimensions || !vector.every(Number.isFinite)) {
    throw new ModelError('The embeddings model sent a vector Lore cannot use');
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  // An empty text may come back as all zeros: it stays so, and matches nothing.
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/** What a passage is embedded as: its item's title and its heading give the text its context. */
export function passageText(passage: { title: string; heading: string; body: string }): string {
  return [passage.title, passage.heading, passage.body].filter((part) => part.trim() !== '').join('\n');
}
