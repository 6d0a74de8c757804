import { z } from 'zod';
import {
  CONTENT_MAX_LENGTH,
  CONTENT_TOO_LONG,
  KNOWLEDGE_ID_REQUIRED,
  isKnowledgeRef,
  KNOWLEDGE_SORTS,
  MAX_TAGS,
  SEARCH_MAX_LENGTH,
  SEARCH_TOO_LONG,
  TAG_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TOO_MANY_TAGS,
} from './knowledge-limits';
import { stripControlCharacters } from './text';
import { noControlCharacters } from './text-checks';

export * from './knowledge-limits';

const tagSchema = z
  .string({ error: 'Tags must be text' })
  .trim()
  .min(1, 'Tags cannot be empty')
  .max(TAG_MAX_LENGTH, `Tags must be at most ${TAG_MAX_LENGTH} characters`)
  .check(noControlCharacters('Tags'));

/** Tags: trimmed, duplicates (ignoring case) dropped, at most MAX_TAGS. */
export const tagsSchema = z
  .array(tagSchema, { error: 'Tags must be a list' })
  .transform((tags) => tags.filter((tag, i) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i))
  .refine((tags) => tags.length <= MAX_TAGS, TOO_MANY_TAGS);

const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`)
  .check(noControlCharacters('Title'));

/**
 * Editor HTML. Control characters are dropped rather than refused: the editor
 * never writes them, they arrive in pasted text the writer cannot see (so could
 * not remove), and they mean nothing in HTML.
 */
const contentSchema = z
  .string({ error: 'Content must be text' })
  .overwrite(stripControlCharacters)
  .max(CONTENT_MAX_LENGTH, CONTENT_TOO_LONG);

/** A collection's or an item's id in a body or query. */
const idSchema = (what: string) => z.uuid({ error: `${what} must be an id` });

/**
 * A new item as the create form sends it. Its collection and parent are optional (decision 35):
 * without them, the top of the first collection the writer sees, as the spec's create always did.
 */
export const knowledgeInputSchema = z.object({
  title: titleSchema,
  content: contentSchema.default(''),
  tags: tagsSchema.default([]),
  collectionId: idSchema('The collection').optional(),
  parentId: idSchema('The parent page').nullable().optional(),
});

/** An item's version number: 1 when created, one more with every save that changes it (decision 31). */
export const versionSchema = z
  .int({ error: 'Version must be a whole number from 1' })
  .min(1, 'Version must be a whole number from 1');

/**
 * An edit: any of the fields, and `version`, the version it was based on (the one the
 * item's GET answered). An edit of an older version is refused with 409; without
 * `version` the edit is saved over whatever is there, as before (the replaced text is
 * kept in the item's history).
 */
export const knowledgeUpdateSchema = z
  .object({ title: titleSchema, content: contentSchema, tags: tagsSchema })
  .partial()
  .extend({ version: versionSchema.optional() });

/** A list's page from 0, in a query string (the knowledge list, a level of a collection's tree). */
export const pageNumberSchema = z.coerce
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(0, 'Page must be 0 or more')
  .max(10_000, 'Page is too large')
  .default(0);

/**
 * The list's filters: a keyword search (blank is ignored), `tag` (repeatable)
 * that must all match, the order of a search (`sort`; without a search the
 * list is always newest first), a page from 0.
 */
export const knowledgeListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG)
    .check(noControlCharacters('The search text', { multiline: true }))
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(KNOWLEDGE_SORTS, { error: 'Sort must be relevance or newest' }).default('relevance'),
  /** `true`: the words as typed, even when they find nothing (no "Showing results for"). */
  exact: z
    .enum(['true', 'false'], { error: 'Exact must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  tag: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : [value].flat()))
    .pipe(
      // Each filter tag follows the rules of the tags it is to match.
      z.array(tagSchema).max(MAX_TAGS, `Filter by at most ${MAX_TAGS} tags`),
    ),
  /** Only the items of this collection (decision 35). */
  collection: idSchema('The collection').optional(),
  page: pageNumberSchema,
});

/**
 * What becomes of an item's pages when it is deleted (decision 35): `keep` moves them up to its
 * parent (the default, so the spec's delete without the choice loses nothing it did not name),
 * `delete` deletes them with it.
 */
export const knowledgeDeleteQuerySchema = z.object({
  children: z.enum(['keep', 'delete'], { error: 'Children must be keep or delete' }).default('keep'),
});

/** What the create and edit forms send. */
export type KnowledgeInput = z.infer<typeof knowledgeInputSchema>;

/** An item id in a URL: a full uuid or a short id (spec section 9); a blank one is missing, not malformed. */
export const knowledgeRefSchema = z
  .string({ error: KNOWLEDGE_ID_REQUIRED })
  .trim()
  .min(1, KNOWLEDGE_ID_REQUIRED)
  .refine(isKnowledgeRef, 'Invalid knowledge ID');

/** An item on a list page: a plain-text preview instead of the HTML. */
export const knowledgeSummarySchema = z.object({
  id: z.uuid(),
  short_id: z.string(),
  account_id: z.uuid(),
  user_id: z.uuid().nullable(),
  title: z.string(),
  tags: z.array(z.string()),
  preview: z.string(),
  ai_summary: z.string().nullable(),
  author_name: z.string().nullable(),
  /** The thumbnail of the item's first PDF (bucket knowledge-pdfs), shown on its card; null without PDFs. */
  pdf_thumbnail_path: z.string().nullable(),
  /** A PDF of the item is still being read on the server (its text not yet searchable; decision 28). */
  pdf_processing: z.boolean(),
  /** How many comments its threads hold (decision 38): the count on its card and in the article's header. */
  comment_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Its collection, the item it is nested under (null at the top) and its place among its siblings (decision 35). */
  collectionId: z.uuid(),
  parentId: z.uuid().nullable(),
  position: z.number().int(),
});
export type KnowledgeSummaryDto = z.infer<typeof knowledgeSummarySchema>;

/** Another item named beside one: an ancestor in its breadcrumbs or one of its pages. */
export const knowledgeLinkSchema = z.object({ id: z.uuid(), shortId: z.string(), title: z.string() });
export type KnowledgeLinkDto = z.infer<typeof knowledgeLinkSchema>;

/** A full item, as the article page and the edit form read it. */
export const knowledgeSchema = knowledgeSummarySchema.omit({ preview: true }).extend({
  content: z.string(),
  ai_question: z.string().nullable(),
  /** Its version (decision 31): an edit sends it back to say what it was based on. */
  version: z.number(),
  /** Its collection's name, and its ancestors from the top down: the article's breadcrumbs. */
  collectionName: z.string(),
  ancestors: z.array(knowledgeLinkSchema),
  /** The pages directly under it, in their order. */
  children: z.array(knowledgeLinkSchema),
});
export type KnowledgeDto = z.infer<typeof knowledgeSchema>;

/**
 * One list page; `nextPage` is null unless this page was full. `suggestion`:
 * on a search's first page, the search with misspelt words corrected from the
 * workspace's own words ("Did you mean ...?"), else null. `correctedSearch`: when
 * the words as typed find nothing, the search whose items are shown instead (each
 * word replaced by the nearest workspace word: "Showing results for ..."), else null.
 */
export const knowledgePageSchema = z.object({
  items: z.array(knowledgeSummarySchema),
  page: z.number().int(),
  nextPage: z.number().int().nullable(),
  suggestion: z.string().nullable(),
  correctedSearch: z.string().nullable(),
});
export type KnowledgePageDto = z.infer<typeof knowledgePageSchema>;

/** A tag with how many of the account's items carry it. */
export const tagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export type TagCountDto = z.infer<typeof tagCountSchema>;

/** Items created in the week starting `week` (a Monday, YYYY-MM-DD). */
export const weeklyCountSchema = z.object({ week: z.string(), count: z.number().int() });
export type WeeklyCountDto = z.infer<typeof weeklyCountSchema>;
