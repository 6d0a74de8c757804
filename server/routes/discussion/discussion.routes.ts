import * as api from '../../../common/api/discussion';
import { DISCUSSION_MESSAGES } from '../../../common/discussion';
import type { AppDeps, Membership } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership, currentUser } from '../../auth/guards';
import { RATE_LIMITS, createRateLimiter } from '../../auth/rate-limits';
import { markedThreadIds, sanitizeComment } from '../../content/comment-html';
import {
  postComment,
  mailNotifications,
  notifyNewMentions,
  resolveThread,
  type NotifyDeps,
} from '../../commands/discuss';
import { readScopeOf, scopeHolds } from '../../data/collection-access';
import {
  deleteCommentRow,
  findComment,
  findThread,
  listThreadRows,
  membersSeeing,
  setWatch,
  updateCommentBody,
  watchersOf,
} from '../../data/comments';
import type { Executor } from '../../data/executor';
import { loadKnowledge } from '../../data/load-knowledge';
import {
  countUnread,
  listNotificationRows,
  markAllRead,
  markRead,
  notificationSettings,
  updateNotificationSettings,
} from '../../data/notifications';
import { AppError, badRequest, notFound } from '../../errors';
import { unsubscribeLinksOf } from '../../mail/unsubscribe-links';
import { authorize } from '../../policies/authorize';
import { commentPolicy } from '../../policies/comment-policy';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { presentNotification, presentPerson, presentThreads } from '../../presenters/discussion-presenter';
import { avatarUrlsOf } from '../../storage/avatar-urls';
import { NOTIFICATIONS_PAGE } from '../../../common/discussion';

/** How many people the mention picker offers at once. */
const MENTION_CHOICES = 20;

/** Comments on items, mentions and notifications (decision 38). */
export function discussionRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const limiter = createRateLimiter(db);
  const notifyDeps: NotifyDeps = {
    db,
    mailer: deps.mailer,
    logger: deps.logger,
    baseUrl: deps.env.BASE_URL,
    auth: deps.auth,
  };

  /** Counts one comment of the person: too many in a minute is a 429 with Retry-After. */
  async function countComment(userId: string) {
    const { allowed, retryAfter } = await limiter.consume(`comments|${userId}`, RATE_LIMITS.commentsPerPerson);
    if (!allowed)
      throw new AppError(429, 'rate_limited', DISCUSSION_MESSAGES.tooMany, { retryAfter: retryAfter ?? 60 });
  }

  /** The item named in the path, within the member's collections (decision 35's 404 otherwise). */
  async function itemOf(membership: Membership, ref: string) {
    const item = await loadKnowledge(db, await readScopeOf(db, membership), ref);
    authorize(knowledgePolicy.read, membership);
    return item;
  }

  /** A thread, or comment, is found only by those who see its item. */
  async function seen<Row extends { collection_id: string; knowledge_id: string }>(
    membership: Membership,
    row: Row | undefined,
    message: string,
  ) {
    if (!row || !scopeHolds(await readScopeOf(db, membership), row.collection_id)) throw notFound(message);
    const item = await loadKnowledge(db, await readScopeOf(db, membership), row.knowledge_id);
    return { row, item };
  }

  async function threadAnswer(
    tx: Executor,
    membership: Membership,
    item: { id: string; content: string },
    threadId: string,
  ) {
    const rows = await listThreadRows(tx, item.id, threadId);
    const [thread] = presentThreads(rows, membership, markedThreadIds(item.content), await avatarUrlsOf(deps.auth));
    if (!thread) throw notFound(DISCUSSION_MESSAGES.threadNotFound);
    return thread;
  }

  return createRouter(deps)
    .openapi(api.getDiscussion, async (c) => {
      const membership = currentMembership(c);
      const item = await itemOf(membership, c.req.valid('param').knowledgeId);
      const rows = await listThreadRows(db, item.id);
      const threads = presentThreads(rows, membership, markedThreadIds(item.content), await avatarUrlsOf(deps.auth));
      const watching = (await watchersOf(db, item)).includes(membership.userId);
      const comment_count = threads.reduce((sum, thread) => sum + thread.comments.length, 0);
      return c.json({ data: { threads, comment_count, watching } }, 200);
    })
    .openapi(api.startThread, async (c) => {
      const membership = currentMembership(c);
      const item = await itemOf(membership, c.req.valid('param').knowledgeId);
      const input = c.req.valid('json');
      const { body } = sanitizeComment(input.body);
      await countComment(membership.userId);
      const posted = await postComment(db, { item, userId: membership.userId, body, quote: input.quote ?? null });
      void mailNotifications(notifyDeps, posted.mailNow);
      return c.json({ data: await threadAnswer(db, membership, item, posted.threadId) }, 201);
    })
    .openapi(api.replyToThread, async (c) => {
      const membership = currentMembership(c);
      const { threadId } = c.req.valid('param');
      const { item } = await seen(
        membership,
        await findThread(db, membership.accountId, threadId),
        DISCUSSION_MESSAGES.threadNotFound,
      );
      const { body } = sanitizeComment(c.req.valid('json').body);
      await countComment(membership.userId);
      const posted = await postComment(db, { item, userId: membership.userId, body, threadId });
      void mailNotifications(notifyDeps, posted.mailNow);
      return c.json({ data: await threadAnswer(db, membership, item, threadId) }, 201);
    })
    .openapi(api.setThreadState, async (c) => {
      const membership = currentMembership(c);
      const { threadId } = c.req.valid('param');
      const { row: thread, item } = await seen(
        membership,
        await findThread(db, membership.accountId, threadId),
        DISCUSSION_MESSAGES.threadNotFound,
      );
      const { resolved } = c.req.valid('json');
      if (resolved !== (thread.resolved_at !== null)) {
        const mailNow = await resolveThread(db, { item, thread, userId: membership.userId, resolved });
        void mailNotifications(notifyDeps, mailNow);
      }
      return c.json({ data: await threadAnswer(db, membership, item, threadId) }, 200);
    })
    .openapi(api.editComment, async (c) => {
      const membership = currentMembership(c);
      const { commentId } = c.req.valid('param');
      const { row: comment, item } = await seen(
        membership,
        await findComment(db, membership.accountId, commentId),
        DISCUSSION_MESSAGES.commentNotFound,
      );
      authorize(commentPolicy.edit, { ...membership, authorId: comment.user_id });
      const { body } = sanitizeComment(c.req.valid('json').body);
      await countComment(membership.userId);
      const before = await db
        .selectFrom('comments')
        .select('body')
        .where('id', '=', comment.id)
        .executeTakeFirstOrThrow();
      await updateCommentBody(db, comment.id, body);
      const mailNow = await notifyNewMentions(db, {
        item,
        userId: membership.userId,
        threadId: comment.thread_id,
        commentId: comment.id,
        before: before.body,
        after: body,
      });
      void mailNotifications(notifyDeps, mailNow);
      return c.json({ data: await threadAnswer(db, membership, item, comment.thread_id) }, 200);
    })
    .openapi(api.deleteComment, async (c) => {
      const membership = currentMembership(c);
      const { commentId } = c.req.valid('param');
      const { row: comment } = await seen(
        membership,
        await findComment(db, membership.accountId, commentId),
        DISCUSSION_MESSAGES.commentNotFound,
      );
      authorize(commentPolicy.delete, { ...membership, authorId: comment.user_id });
      await db.transaction().execute((tx) => deleteCommentRow(tx, comment.id, comment.thread_id));
      return c.json({ success: true as const }, 200);
    })
    .openapi(api.watchKnowledge, async (c) => {
      const membership = currentMembership(c);
      const item = await itemOf(membership, c.req.valid('param').knowledgeId);
      const { watching } = c.req.valid('json');
      await setWatch(db, {
        accountId: membership.accountId,
        knowledgeId: item.id,
        userId: membership.userId,
        watching,
      });
      return c.json({ data: { watching } }, 200);
    })
    .openapi(api.listMentionable, async (c) => {
      const membership = currentMembership(c);
      const item = await itemOf(membership, c.req.valid('param').knowledgeId);
      const people = await membersSeeing(db, membership.accountId, item.collection_id, {
        search: c.req.valid('query').q,
        limit: MENTION_CHOICES,
      });
      const avatars = await avatarUrlsOf(deps.auth);
      const data = people.map((person) => ({
        ...presentPerson(avatars, person.user_id, person.email, person.full_name, person.avatar_url)!,
        sees_item: person.sees,
      }));
      return c.json({ data }, 200);
    })
    .openapi(api.listNotifications, async (c) => {
      const { accountId, userId } = currentMembership(c);
      const scope = await readScopeOf(db, currentMembership(c));
      const avatars = await avatarUrlsOf(deps.auth);
      // An item moved out of the person's collections since takes its notifications with it.
      const rows = (await listNotificationRows(db, accountId, userId, NOTIFICATIONS_PAGE)).filter((row) =>
        scopeHolds(scope, row.collection_id),
      );
      const items = rows.map((row) => presentNotification(row, avatars));
      return c.json({ data: { items, unread: await countUnread(db, accountId, userId) } }, 200);
    })
    .openapi(api.readNotification, async (c) => {
      const { accountId, userId } = currentMembership(c);
      if (!(await markRead(db, accountId, userId, c.req.valid('param').notificationId)))
        throw notFound(DISCUSSION_MESSAGES.notificationNotFound);
      return c.json({ success: true as const }, 200);
    })
    .openapi(api.readAllNotifications, async (c) => {
      const { accountId, userId } = currentMembership(c);
      await markAllRead(db, accountId, userId);
      return c.json({ success: true as const }, 200);
    })
    .openapi(api.getNotificationSettings, async (c) => {
      return c.json({ data: await notificationSettings(db, currentUser(c).id) }, 200);
    })
    .openapi(api.updateNotificationSettings, async (c) => {
      const userId = currentUser(c).id;
      await updateNotificationSettings(db, userId, c.req.valid('json'));
      return c.json({ data: await notificationSettings(db, userId) }, 200);
    })
    .openapi(api.unsubscribe, async (c) => {
      const userId = (await unsubscribeLinksOf(deps.auth)).check(c.req.valid('json').token);
      if (!userId) throw badRequest(DISCUSSION_MESSAGES.unsubscribeInvalid, 'invalid_token');
      await updateNotificationSettings(db, userId, { comment_email: 'none', mention_email: false });
      return c.json({ success: true as const }, 200);
    });
}
