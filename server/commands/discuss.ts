import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { NotificationKind } from '../../common/discussion';
import { threadAnchor } from '../../common/thread-anchor';
import { mentionedIds, withoutCommentMarks } from '../content/comment-html';
import {
  insertComment,
  insertThread,
  membersSeeing,
  setThreadResolved,
  setWatch,
  threadParticipants,
  watchersOf,
  type MemberSeeing,
} from '../data/comments';
import type { Executor } from '../data/executor';
import {
  hasUnread,
  insertNotifications,
  markNotificationsMailed,
  notificationRowsByIds,
  type NewNotification,
  type NotificationRow,
} from '../data/notifications';
import type { DB } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { notificationMail } from '../mail/templates';
import { unsubscribeLinksOf } from '../mail/unsubscribe-links';
import { excerptOf } from '../presenters/discussion-presenter';
import { displayNameOf } from '../../common/profile';

/** What notifying needs from the app. */
export interface NotifyDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  auth: { $context: Promise<{ secret: string }> };
}

/** The item a discussion is about, as the commands need it. */
export interface DiscussedItem {
  id: string;
  account_id: string;
  collection_id: string;
  user_id: string | null;
}

/** How a notification of `kind` to `person` is e-mailed: at once ('sent' once mailed), in the digest, or not. */
function mailFor(kind: NotificationKind, person: MemberSeeing): NewNotification['mail'] {
  if (kind === 'mention') return person.mention_email ? 'sent' : 'none';
  if (person.comment_email === 'each') return 'sent';
  return person.comment_email === 'daily' ? 'pending' : 'none';
}

/**
 * Notifications for `kinds` (person → kind), kept to those who still see the item (decision 35):
 * a mention of someone who cannot see it notifies no one. The actor hears nothing of their own doing.
 */
async function notify(
  tx: Executor,
  item: DiscussedItem,
  kinds: Map<string, NotificationKind>,
  about: { actorId: string; threadId: string | null; commentId: string | null },
): Promise<string[]> {
  kinds.delete(about.actorId);
  const people = await membersSeeing(tx, item.account_id, item.collection_id, { userIds: [...kinds.keys()] });
  const rows = people
    .filter((person) => person.sees)
    .map((person): NewNotification => {
      const kind = kinds.get(person.user_id)!;
      return {
        accountId: item.account_id,
        userId: person.user_id,
        kind,
        knowledgeId: item.id,
        threadId: about.threadId,
        commentId: about.commentId,
        actorId: about.actorId,
        mail: mailFor(kind, person),
      };
    });
  const ids = await insertNotifications(tx, rows);
  return ids.filter((_, index) => rows[index]!.mail === 'sent');
}

/**
 * A comment: a new thread (with `quote` for a passage) or a reply in `threadId`, in one transaction
 * with its notifications (mentioned, replied to, watchers) and the commenter's watch. Answers the
 * thread, and the notifications to e-mail now (after the commit: `mailNotifications`).
 */
export async function postComment(
  db: Kysely<DB>,
  input: { item: DiscussedItem; userId: string; body: string; threadId?: string; quote?: string | null },
): Promise<{ threadId: string; commentId: string; mailNow: string[] }> {
  const { item, userId, body } = input;
  return db.transaction().execute(async (tx) => {
    const threadId =
      input.threadId ??
      (await insertThread(tx, {
        accountId: item.account_id,
        knowledgeId: item.id,
        quote: input.quote ?? null,
        userId,
      }));
    const participants = input.threadId ? await threadParticipants(tx, threadId) : [];
    const commentId = await insertComment(tx, {
      threadId,
      accountId: item.account_id,
      knowledgeId: item.id,
      userId,
      body,
    });
    const kinds = new Map<string, NotificationKind>();
    for (const watcher of await watchersOf(tx, item)) kinds.set(watcher, 'comment');
    for (const participant of participants) kinds.set(participant, 'reply');
    for (const mentioned of mentionedIds(body)) kinds.set(mentioned, 'mention');
    const mailNow = await notify(tx, item, kinds, { actorId: userId, threadId, commentId });
    // Commenting watches the item, unless the person chose otherwise before.
    await setWatch(tx, { accountId: item.account_id, knowledgeId: item.id, userId, watching: true }, true);
    return { threadId, commentId, mailNow };
  });
}

/** Mentions added to an edited comment notify those newly mentioned. */
export async function notifyNewMentions(
  db: Kysely<DB>,
  input: { item: DiscussedItem; userId: string; threadId: string; commentId: string; before: string; after: string },
): Promise<string[]> {
  const earlier = new Set(mentionedIds(input.before));
  const added = mentionedIds(input.after).filter((id) => !earlier.has(id));
  if (added.length === 0) return [];
  const kinds = new Map(added.map((id) => [id, 'mention' as const]));
  return db
    .transaction()
    .execute((tx) =>
      notify(tx, input.item, kinds, { actorId: input.userId, threadId: input.threadId, commentId: input.commentId }),
    );
}

/** Resolves or reopens a thread; resolving tells whoever started it. */
export async function resolveThread(
  db: Kysely<DB>,
  input: { item: DiscussedItem; thread: { id: string; created_by: string | null }; userId: string; resolved: boolean },
): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    await setThreadResolved(tx, input.thread.id, input.resolved ? input.userId : null);
    if (!input.resolved || !input.thread.created_by) return [];
    const kinds = new Map([[input.thread.created_by, 'resolved' as const]]);
    return notify(tx, input.item, kinds, { actorId: input.userId, threadId: input.thread.id, commentId: null });
  });
}

/**
 * An item was saved (through the API, a restore, or its live document's autosave): those newly
 * mentioned in its content hear of it as a mention, and its watchers that it was edited, at most one
 * unread "edited" per item and person (an item being typed in is saved every few seconds, decision 38):
 * another comes only once they have read it. A save that only adds or removes comment marks (a thread
 * started on a passage) is no edit.
 */
export async function notifyEdit(
  db: Kysely<DB>,
  item: DiscussedItem,
  edit: {
    actorId: string | null;
    /** The content before and after. */
    before: string;
    after: string;
    /** The title or tags changed. */
    textChanged: boolean;
  },
): Promise<string[]> {
  const { actorId } = edit;
  if (!actorId) return [];
  const earlier = new Set(mentionedIds(edit.before));
  const mentioned = mentionedIds(edit.after).filter((id) => !earlier.has(id));
  const edited =
    edit.textChanged ||
    (edit.before !== edit.after && withoutCommentMarks(edit.before) !== withoutCommentMarks(edit.after));
  if (!edited && mentioned.length === 0) return [];
  return db.transaction().execute(async (tx) => {
    const kinds = new Map<string, NotificationKind>();
    if (edited)
      for (const watcher of await watchersOf(tx, item))
        if (watcher !== actorId && !(await hasUnread(tx, watcher, item.id, 'edit'))) kinds.set(watcher, 'edit');
    for (const id of mentioned) kinds.set(id, 'mention');
    return notify(tx, item, kinds, { actorId, threadId: null, commentId: null });
  });
}

/** notifyEdit, then the e-mails due at once; after the save, whose outcome it never changes (a failure is logged). */
export async function notifyEditAfterSave(
  deps: NotifyDeps,
  item: DiscussedItem,
  edit: Parameters<typeof notifyEdit>[2],
): Promise<void> {
  try {
    await mailNotifications(deps, await notifyEdit(deps.db, item, edit));
  } catch (error) {
    deps.logger.warn({ err: error, knowledgeId: item.id }, 'Could not notify of an edit');
  }
}

const SUBJECTS: Record<NotificationKind, (actor: string, title: string) => string> = {
  mention: (actor, title) => `${actor} mentioned you on "${title}"`,
  reply: (actor, title) => `${actor} replied on "${title}"`,
  comment: (actor, title) => `${actor} commented on "${title}"`,
  resolved: (actor, title) => `${actor} resolved your thread on "${title}"`,
  edit: (actor, title) => `${actor} edited "${title}"`,
};

/** The sentence that says what a notification is about. */
export const describeNotification = (row: NotificationRow) =>
  SUBJECTS[row.kind](row.actor_email ? displayNameOf(row.actor_full_name, row.actor_email) : 'Someone', row.title);

/** Where a notification leads: the item, at its thread (the web's article address, web/src/lib/paths.ts). */
export const notificationUrl = (baseUrl: string, row: NotificationRow) =>
  `${baseUrl}/account/${row.account_id}/knowledge/${encodeURIComponent(row.short_id)}${row.thread_id ? `#${threadAnchor(row.thread_id)}` : ''}`;

/** The unsubscribe page's address for a person. */
export const unsubscribeUrl = async (deps: Pick<NotifyDeps, 'auth' | 'baseUrl'>, userId: string) =>
  `${deps.baseUrl}/unsubscribe?token=${encodeURIComponent((await unsubscribeLinksOf(deps.auth)).token(userId))}`;

/**
 * E-mails notifications at once, each to its person; a failure is logged (the notification is in the
 * app either way) and never fails the request that made it.
 */
export async function mailNotifications(deps: NotifyDeps, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    const rows = await notificationRowsByIds(deps.db, ids);
    const people = await deps.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', [...new Set(rows.map((row) => row.user_id))])
      .execute();
    const emailOf = new Map(people.map((person) => [person.id, person.email]));
    for (const row of rows) {
      const to = emailOf.get(row.user_id);
      if (!to) continue;
      const excerpt = excerptOf(row.body);
      await deps.mailer.send(
        notificationMail(to, {
          subject: describeNotification(row),
          lines: [describeNotification(row) + '.', ...(excerpt ? [`"${excerpt}"`] : [])],
          action: 'Open in Lore',
          url: notificationUrl(deps.baseUrl, row),
          unsubscribeUrl: await unsubscribeUrl(deps, row.user_id),
        }),
      );
    }
    await markNotificationsMailed(deps.db, ids);
  } catch (error) {
    deps.logger.warn({ err: error }, 'Could not e-mail notifications');
  }
}
