import { z } from 'zod';
import { AI_SEARCH_LIMITS, knowledgeMapSchema, relatedItemSchema } from '@common/ai-search';

/** The spec's "AI search result state" (section 3): what a finished search leaves on the page. */
export const searchResultSchema = z.object({
  query: z.string(),
  /** The answer as sanitised HTML. */
  results: z.string(),
  rawMarkdown: z.string(),
  relatedItems: z.array(relatedItemSchema),
  knowledgeMap: knowledgeMapSchema,
  error: z.string().nullable(),
  retryCount: z.number().int().min(0),
  /** The nearest workspace words, searched because the question's found nothing (a search saved before has none). */
  correctedQuery: z.string().nullable().default(null),
  /** Why the answer comes from the items although a model is configured (decision 32); none when it does not. */
  notice: z.string().nullable().default(null),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

const savedSchema = searchResultSchema.extend({ savedAt: z.number() });

export const emptyResult: SearchResult = {
  query: '',
  results: '',
  rawMarkdown: '',
  relatedItems: [],
  knowledgeMap: {},
  error: null,
  retryCount: 0,
  correctedQuery: null,
  notice: null,
};

const storageKey = (accountId: string) => `ai-search:${accountId}`;

/** Keeps a finished search in local storage, per account, with the time it was saved. */
export function saveSearch(accountId: string, result: SearchResult, now = Date.now()) {
  try {
    localStorage.setItem(storageKey(accountId), JSON.stringify({ ...result, savedAt: now }));
  } catch {
    // Storage full or switched off: the search still shows, it just is not kept.
  }
}

/** The account's saved search when it is under 30 minutes old (spec section 4); an older or unreadable one is dropped. */
export function loadSearch(accountId: string, now = Date.now()): SearchResult | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(storageKey(accountId));
  } catch {
    return null;
  }
  if (stored === null) return null;
  const saved = savedSchema.safeParse(readJson(stored));
  const age = saved.success ? now - saved.data.savedAt : Infinity;
  if (!saved.success || age < 0 || age >= AI_SEARCH_LIMITS.savedStateMaxAgeMs) {
    forgetSearch(accountId);
    return null;
  }
  const { savedAt: _, ...result } = saved.data;
  return result;
}

/** Drops the account's saved search (?reset=true, or a new search starting). */
export function forgetSearch(accountId: string) {
  try {
    localStorage.removeItem(storageKey(accountId));
  } catch {
    // Nothing to do: storage that cannot be read holds nothing of ours either.
  }
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
