import { z } from 'zod';
import {
  commentInputSchema,
  discussionSchema,
  mentionQuerySchema,
  mentionableSchema,
  newThreadSchema,
  notificationListSchema,
  notificationSettingsSchema,
  threadSchema,
  threadStateSchema,
  unsubscribeInputSchema,
  watchInputSchema,
} from '../discussion';
import { knowledgeRefSchema } from '../knowledge';
import { accountParams } from './accounts';
import { dataOf, defineEndpoint, errors, jsonBody, ok, successSchema } from './define';

/**
 * Comments on items, @mentions and notifications (issue 35, decision 38). Everything about an
 * item's discussion is found only by those who may see the item (decision 35's 404 otherwise).
 */
const tags = ['Discussion'];
const onItem = accountParams.extend({ knowledgeId: knowledgeRefSchema });
const onThread = accountParams.extend({ threadId: z.uuid({ error: 'Invalid thread ID' }) });
const onComment = accountParams.extend({ commentId: z.uuid({ error: 'Invalid comment ID' }) });
const aThread = (description: string) => ok(dataOf(threadSchema), description);

/** GET .../knowledge/{knowledgeId}/comments: the item's threads, oldest first. */
export const getDiscussion = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/comments',
  tags,
  summary: "An item's comment threads (on the whole item and on passages), its comment count and whether you watch it",
  request: { params: onItem },
  responses: { 200: ok(dataOf(discussionSchema), 'The discussion'), ...errors(400) },
});

/** POST .../knowledge/{knowledgeId}/comments: a new thread, with its first comment. */
export const startThread = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/comments',
  tags,
  summary: 'Start a thread on the item, or on a passage of it (`quote`), with its first comment',
  request: { params: onItem, body: jsonBody(newThreadSchema) },
  responses: { 201: aThread('The new thread'), ...errors(400, 429) },
});

/** POST .../comment-threads/{threadId}/comments: a reply. */
export const replyToThread = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/comment-threads/{threadId}/comments',
  tags,
  summary: 'Reply in a thread',
  request: { params: onThread, body: jsonBody(commentInputSchema) },
  responses: { 201: aThread('The thread with the reply'), ...errors(400, 429) },
});

/** PATCH .../comment-threads/{threadId}: resolve or reopen. */
export const setThreadState = defineEndpoint('member', {
  method: 'patch',
  path: '/api/accounts/{accountId}/comment-threads/{threadId}',
  tags,
  summary: 'Resolve or reopen a thread',
  request: { params: onThread, body: jsonBody(threadStateSchema) },
  responses: { 200: aThread('The thread'), ...errors(400) },
});

/** PATCH .../comments/{commentId}: edit one's own comment. */
export const editComment = defineEndpoint('member', {
  method: 'patch',
  path: '/api/accounts/{accountId}/comments/{commentId}',
  tags,
  summary: 'Edit your own comment',
  request: { params: onComment, body: jsonBody(commentInputSchema) },
  responses: { 200: aThread('The thread with the edited comment'), ...errors(400, 429) },
});

/** DELETE .../comments/{commentId}: one's own; owners and admins may delete any. */
export const deleteComment = defineEndpoint('member', {
  method: 'delete',
  path: '/api/accounts/{accountId}/comments/{commentId}',
  tags,
  summary: 'Delete a comment (your own; owners and admins any); a thread left without comments goes with it',
  request: { params: onComment },
  responses: { 200: ok(successSchema, 'Deleted'), ...errors(400) },
});

/** PUT .../knowledge/{knowledgeId}/watch: hear, or stop hearing, of the item's comments and edits. */
export const watchKnowledge = defineEndpoint('member', {
  method: 'put',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/watch',
  tags,
  summary: 'Watch an item (its comments and edits notify you) or stop; on by default for its author and commenters',
  request: { params: onItem, body: jsonBody(watchInputSchema) },
  responses: { 200: ok(dataOf(watchInputSchema), 'Whether you watch it now'), ...errors(400) },
});

/** GET .../knowledge/{knowledgeId}/mentionable: the mention picker's people. */
export const listMentionable = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/mentionable',
  tags,
  summary: "The workspace's members matching `q`, for an @mention, each saying whether they may see the item",
  request: { params: onItem, query: mentionQuerySchema },
  responses: { 200: ok(dataOf(z.array(mentionableSchema)), 'At most 20 people, by name'), ...errors(400) },
});

/** GET .../notifications: the caller's notifications in the workspace, newest first, and the unread count. */
export const listNotifications = defineEndpoint('member', {
  method: 'get',
  path: '/api/accounts/{accountId}/notifications',
  tags,
  summary: 'Your notifications in the workspace (newest first) and how many are unread',
  request: { params: accountParams },
  responses: { 200: ok(dataOf(notificationListSchema), 'The notifications') },
});

/** POST .../notifications/{notificationId}/read */
export const readNotification = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/notifications/{notificationId}/read',
  tags,
  summary: 'Mark one of your notifications read',
  request: { params: accountParams.extend({ notificationId: z.uuid({ error: 'Invalid notification ID' }) }) },
  responses: { 200: ok(successSchema, 'Read'), ...errors(400) },
});

/** POST .../notifications/read-all */
export const readAllNotifications = defineEndpoint('member', {
  method: 'post',
  path: '/api/accounts/{accountId}/notifications/read-all',
  tags,
  summary: 'Mark all your notifications in the workspace read',
  request: { params: accountParams },
  responses: { 200: ok(successSchema, 'Read') },
});

/** GET /api/me/notification-settings */
export const getNotificationSettings = defineEndpoint('user', {
  method: 'get',
  path: '/api/me/notification-settings',
  tags,
  summary: 'How your notifications are e-mailed',
  responses: { 200: ok(dataOf(notificationSettingsSchema), 'The settings') },
});

/** PATCH /api/me/notification-settings */
export const updateNotificationSettings = defineEndpoint('user', {
  method: 'patch',
  path: '/api/me/notification-settings',
  tags,
  summary: 'Choose how notifications are e-mailed: mentions at once or not, the rest each, as a daily digest, or none',
  request: { body: jsonBody(notificationSettingsSchema.partial()) },
  responses: { 200: ok(dataOf(notificationSettingsSchema), 'The settings'), ...errors(400) },
});

/** POST /api/unsubscribe: the link in every notification e-mail; works without signing in. */
export const unsubscribe = defineEndpoint('public', {
  method: 'post',
  path: '/api/unsubscribe',
  tags,
  summary: "Stop notification e-mails, with the signed token from an e-mail's unsubscribe link",
  request: { body: jsonBody(unsubscribeInputSchema) },
  responses: {
    200: ok(successSchema, 'Unsubscribed (the address is not said: the link may have been passed on)'),
    ...errors(400),
  },
});
