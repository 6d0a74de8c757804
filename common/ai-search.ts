import { z } from 'zod';
import { noControlCharacters } from './text';

/** Longest question the AI search takes, in characters. */
export const QUESTION_MAX_LENGTH = 500;
/** Related items an answer draws on and lists. */
export const RELATED_ITEMS = 8;
/** Example questions shown by default, drawn from up to twice as many (spec section 9). */
export const EXAMPLE_QUESTIONS_SHOWN = 6;
/** The header that carries a request's id, sent by the page and echoed by the server. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Spec section 9: the page's timings and limits. */
export const AI_SEARCH_LIMITS = {
  retries: 3,
  retryDelayMs: 1000,
  timeoutMs: 30_000,
  stallMs: 10_000,
  savedStateMaxAgeMs: 30 * 60_000,
} as const;

/** The body of POST /api/aiKnowledgeSearch. */
export const aiSearchRequestSchema = z.object({
  accountId: z.uuid({ error: 'No account ID found. Please log in.' }),
  query: z
    .string({ error: 'Please enter a search query' })
    .trim()
    .min(1, 'Please enter a search query')
    .max(QUESTION_MAX_LENGTH, `The question must be at most ${QUESTION_MAX_LENGTH} characters`)
    .check(noControlCharacters('The question', { multiline: true })),
});
export type AiSearchRequest = z.infer<typeof aiSearchRequestSchema>;

/** An item an answer cites: citation number n of the answer's [n] is its key in the knowledge map. */
export const citedItemSchema = z.object({ knowledgeId: z.uuid(), shortId: z.string(), title: z.string() });
export type CitedItem = z.infer<typeof citedItemSchema>;

/** Citation number ("1", "2", ...) to the item it links to. */
export const knowledgeMapSchema = z.record(z.string(), citedItemSchema);
export type KnowledgeMap = z.infer<typeof knowledgeMapSchema>;

/** A related item: the item, the passage of it that matched, and how well. */
export const relatedItemSchema = citedItemSchema.extend({
  heading: z.string(),
  passage: z.string(),
  score: z.number(),
});
export type RelatedItem = z.infer<typeof relatedItemSchema>;

/**
 * The stream's events (spec section 7): `start`, `update`, then unnamed data
 * events with answer `text` chunks and finally the whole `rawMarkdown`, then
 * `done`; or `error` with a message.
 */
export const aiSearchEventSchemas = {
  start: z.object({
    requestId: z.string(),
    knowledgeMap: knowledgeMapSchema,
    /** When the question's words found nothing: the nearest workspace words, which were searched instead. */
    correctedQuery: z.string().nullable().optional(),
  }),
  update: z.object({ knowledgeMap: knowledgeMapSchema, items: z.array(relatedItemSchema) }),
  message: z.union([z.object({ text: z.string() }), z.object({ rawMarkdown: z.string() })]),
  done: z.object({}),
  error: z.object({ message: z.string() }),
} as const;
export type AiSearchEvent = {
  [K in keyof typeof aiSearchEventSchemas]: { event: K; data: z.infer<(typeof aiSearchEventSchemas)[K]> };
}[keyof typeof aiSearchEventSchemas];

/** The query of GET .../example-questions. */
export const exampleQuestionsQuerySchema = z.object({
  count: z.coerce
    .number({ error: 'Count must be a number' })
    .int('Count must be a whole number')
    .min(1, 'Count must be at least 1')
    .max(50, 'Count must be at most 50')
    .default(EXAMPLE_QUESTIONS_SHOWN),
});
