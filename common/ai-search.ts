import { z } from 'zod';
import { noControlCharacters } from './text-checks';

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
 * Why an answer comes from the items although a model is configured (decision
 * 32), and what the page says about it, above the answer.
 */
export const ANSWER_NOTICES = {
  model_timeout: 'Answered from your items: the model did not answer in time',
  model_error: 'Answered from your items: the model returned an error',
} as const;
export type AnswerNoticeReason = keyof typeof ANSWER_NOTICES;

/**
 * The stream's events (spec section 7): `start`, `update`, then unnamed data
 * events with answer `text` chunks and finally the whole `rawMarkdown`, then
 * `done`; or `error` with a message. Lore adds `notice` (decision 32): the
 * model failed or was too slow, so the answer that follows is the one written
 * from the items; with `restart`, the text sent before it (the model's
 * unfinished answer) is withdrawn and the answer's text starts again after it.
 * `rawMarkdown` is always the whole answer as finally shown.
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
  notice: z.object({
    reason: z.enum(Object.keys(ANSWER_NOTICES) as [AnswerNoticeReason, ...AnswerNoticeReason[]]),
    message: z.string(),
    restart: z.boolean(),
  }),
  done: z.object({}),
  error: z.object({ message: z.string() }),
} as const;
export type AnswerNotice = z.infer<typeof aiSearchEventSchemas.notice>;
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
