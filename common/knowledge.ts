import { z } from 'zod';

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
/** Short ids are fewer than 10 URL-safe characters (spec section 9). */
export const SHORT_ID_PATTERN = /^[A-Za-z0-9_-]{1,9}$/;
/** A full item or account id. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True when `value` can name an item: a full uuid or a short id. */
export const isKnowledgeRef = (value: string) => UUID_PATTERN.test(value) || SHORT_ID_PATTERN.test(value);

const tagSchema = z
  .string({ error: 'Tags must be text' })
  .trim()
  .min(1, 'Tags cannot be empty')
  .max(TAG_MAX_LENGTH, `Tags must be at most ${TAG_MAX_LENGTH} characters`);

/** Tags: trimmed, duplicates (ignoring case) dropped, at most MAX_TAGS. */
export const tagsSchema = z
  .array(tagSchema, { error: 'Tags must be a list' })
  .transform((tags) => tags.filter((tag, i) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i))
  .refine((tags) => tags.length <= MAX_TAGS, `An item can have at most ${MAX_TAGS} tags`);

const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`);

const contentSchema = z
  .string({ error: 'Content must be text' })
  .max(CONTENT_MAX_LENGTH, 'The content is too long');

/** A new item as the create form sends it. */
export const knowledgeInputSchema = z.object({
  title: titleSchema,
  content: contentSchema.default(''),
  tags: tagsSchema.default([]),
});

/** An edit: any of the fields. */
export const knowledgeUpdateSchema = z
  .object({ title: titleSchema, content: contentSchema, tags: tagsSchema })
  .partial();

/** The list's filters: a keyword (blank is ignored), tags that must all match, a page from 0. */
export const knowledgeListQuerySchema = z.object({
  search: z
    .string()
    .max(500, 'The search text is too long')
    .optional()
    .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined)),
  tags: z.array(z.string().trim().min(1).max(TAG_MAX_LENGTH, `Tags must be at most ${TAG_MAX_LENGTH} characters`)).max(MAX_TAGS, `Filter by at most ${MAX_TAGS} tags`),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(0, 'Page must be 0 or more').max(10_000, 'Page is too large').default(0),
});

/** What the create and edit forms send. */
export type KnowledgeInput = z.infer<typeof knowledgeInputSchema>;

/** An item on a list page: a plain-text preview instead of the HTML. */
export interface KnowledgeSummaryDto {
  id: string;
  short_id: string;
  account_id: string;
  user_id: string | null;
  title: string;
  tags: string[];
  preview: string;
  ai_summary: string | null;
  author_name: string | null;
  created_at: string;
  updated_at: string;
}

/** A full item, as the article page and the edit form read it. */
export interface KnowledgeDto extends Omit<KnowledgeSummaryDto, 'preview'> {
  content: string;
  ai_question: string | null;
}

/** One list page; `nextPage` is null unless this page was full. */
export interface KnowledgePageDto {
  items: KnowledgeSummaryDto[];
  page: number;
  nextPage: number | null;
}

/** A tag with how many of the account's items carry it. */
export interface TagCountDto {
  tag: string;
  count: number;
}

/** Items created in the week starting `week` (a Monday, YYYY-MM-DD). */
export interface WeeklyCountDto {
  week: string;
  count: number;
}
