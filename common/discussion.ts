import { z } from 'zod';

/**
 * Comments, @mentions and notifications (issue 35, decision 38): what the browser and the
 * server agree on.
 */

/** The longest comment, counted in characters of its text (what the person typed), not its markup. */
export const COMMENT_MAX_LENGTH = 10_000;
/** The longest quoted passage kept on an inline thread. */
export const QUOTE_MAX_LENGTH = 1000;
/** Notifications a list answer carries, newest first. */
export const NOTIFICATIONS_PAGE = 50;

export const DISCUSSION_MESSAGES = {
  emptyComment: 'A comment cannot be empty',
  tooLong: `A comment can be at most ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  threadNotFound: 'Comment thread not found',
  commentNotFound: 'Comment not found',
  editOwn: 'You can only edit your own comments',
  deleteOwn: 'You can only delete your own comments',
  tooMany: 'You are commenting too quickly. Please wait a moment and try again.',
  notificationNotFound: 'Notification not found',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

/** How notifications other than mentions are e-mailed, per person (Settings > Profile). */
export const COMMENT_EMAIL_CHOICES = ['each', 'daily', 'none'] as const;
export type CommentEmail = (typeof COMMENT_EMAIL_CHOICES)[number];

/** What a notification is about. */
export const NOTIFICATION_KINDS = ['mention', 'reply', 'comment', 'resolved', 'edit'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The attribute of the comment mark that anchors an inline thread in an item's document. */
export const COMMENT_THREAD_ATTRIBUTE = 'data-comment-thread';

/** A comment's body as typed: restricted rich text (HTML), sanitized by the server. */
const commentBodySchema = z
  .string({ error: DISCUSSION_MESSAGES.emptyComment })
  .min(1, DISCUSSION_MESSAGES.emptyComment)
  // The markup around 10,000 characters of text stays well under this; the text's own length is checked after sanitizing.
  .max(COMMENT_MAX_LENGTH * 4, DISCUSSION_MESSAGES.tooLong);

export const newThreadSchema = z.object({
  body: commentBodySchema,
  /** The passage an inline thread is on, as selected; absent for a thread on the whole item. */
  quote: z.string().trim().min(1).max(QUOTE_MAX_LENGTH).optional(),
});
export const commentInputSchema = z.object({ body: commentBodySchema });
export const threadStateSchema = z.object({ resolved: z.boolean() });
export const watchInputSchema = z.object({ watching: z.boolean() });

export const personSchema = z.object({ id: z.uuid(), name: z.string(), avatar_url: z.string().nullable() });
export type PersonDto = z.infer<typeof personSchema>;

export const commentSchema = z.object({
  id: z.uuid(),
  thread_id: z.uuid(),
  author: personSchema.nullable(),
  body: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  policies: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type CommentDto = z.infer<typeof commentSchema>;

export const threadSchema = z.object({
  id: z.uuid(),
  knowledge_id: z.uuid(),
  /** The passage of an inline thread; null for a thread on the whole item. */
  quote: z.string().nullable(),
  /** An inline thread whose passage is no longer in the item (its text was deleted). */
  detached: z.boolean(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: personSchema.nullable(),
  comments: z.array(commentSchema),
});
export type ThreadDto = z.infer<typeof threadSchema>;

/** An item's discussion: its threads, oldest first, and whether the caller watches it. */
export const discussionSchema = z.object({
  threads: z.array(threadSchema),
  comment_count: z.number().int(),
  watching: z.boolean(),
});
export type DiscussionDto = z.infer<typeof discussionSchema>;

/** A member the mention picker offers, and whether they may see the item. */
export const mentionableSchema = personSchema.extend({ sees_item: z.boolean() });
export type MentionableDto = z.infer<typeof mentionableSchema>;
export const mentionQuerySchema = z.object({ q: z.string().max(100).optional() });

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  knowledge_id: z.uuid(),
  knowledge_short_id: z.string(),
  knowledge_title: z.string(),
  thread_id: z.uuid().nullable(),
  comment_id: z.uuid().nullable(),
  actor: personSchema.nullable(),
  /** The comment's text, shortened, when it is about one. */
  excerpt: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int() });
export type NotificationListDto = z.infer<typeof notificationListSchema>;

export const notificationSettingsSchema = z.object({
  comment_email: z.enum(COMMENT_EMAIL_CHOICES),
  mention_email: z.boolean(),
});
export type NotificationSettingsDto = z.infer<typeof notificationSettingsSchema>;
export const unsubscribeInputSchema = z.object({ token: z.string().min(1).max(500) });
