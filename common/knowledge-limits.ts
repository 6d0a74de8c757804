import { formatCount } from './text';

/**
 * An item's limits, messages and names, without zod: the list and the article read them on their
 * first load, and common/knowledge.ts (their schemas, which re-exports these) would bring zod along.
 */

/** Items per list page; a next page is asked for only after a full one (spec section 9). */
export const KNOWLEDGE_PAGE_SIZE = 20;
/** Longest title, in characters. */
export const TITLE_MAX_LENGTH = 200;
/** Longest tag, in characters. */
export const TAG_MAX_LENGTH = 40;
/** Most tags one item may carry. */
export const MAX_TAGS = 20;
/** Characters of plain text a list card shows of an item's body. */
export const PREVIEW_LENGTH = 1000;
/** Stored HTML may be large (long articles), but not unbounded. */
export const CONTENT_MAX_LENGTH = 500_000;
/** Said when an item's HTML is over CONTENT_MAX_LENGTH; the editor counts the same characters. */
export const CONTENT_TOO_LONG = `The content is too long: at most ${formatCount(CONTENT_MAX_LENGTH)} characters, formatting included`;
/** Short ids are fewer than 10 URL-safe characters (spec section 9). */
export const SHORT_ID_PATTERN = /^[A-Za-z0-9_-]{1,9}$/;
/** A full item or account id. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True when `value` can name an item: a full uuid or a short id. */
export const isKnowledgeRef = (value: string) => UUID_PATTERN.test(value) || SHORT_ID_PATTERN.test(value);

/** Said when an item would carry more than MAX_TAGS tags. */
export const TOO_MANY_TAGS = `An item can have at most ${MAX_TAGS} tags`;

/** Longest search text, in characters (after trimming). */
export const SEARCH_MAX_LENGTH = 500;
/** The message for a longer one; the list shows it in place of results. */
export const SEARCH_TOO_LONG = 'The search text is too long';
/** Orders of a searched list: best match first (the default), or last changed first. */
export const KNOWLEDGE_SORTS = ['relevance', 'newest'] as const;
export type KnowledgeSort = (typeof KNOWLEDGE_SORTS)[number];

/** The spec's text for an item fetch without an id (section 5). */
export const KNOWLEDGE_ID_REQUIRED = 'Knowledge ID is required';
