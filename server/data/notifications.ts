import { sql } from 'kysely';
import type { CommentEmail, NotificationKind } from '../../common/discussion';
import type { Executor } from './executor';

export interface NewNotification {
  accountId: string;
  userId: string;
  kind: NotificationKind;
  knowledgeId: string;
  threadId: string | null;
  commentId: string | null;
  actorId: string | null;
  mail: 'none' | 'pending' | 'sent';
}

/** Stores notifications; answers their ids in the order given. */
export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        account_id: row.accountId,
        user_id: row.userId,
        kind: row.kind,
        knowledge_id: row.knowledgeId,
        thread_id: row.threadId,
        comment_id: row.commentId,
        actor_id: row.actorId,
        mail: row.mail,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** Notifications with what their list and their e-mail show: the item, the person, the comment. */
function notificationsWithContext(db: Executor) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('knowledge as k', 'k.id', 'n.knowledge_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('profiles as ap', 'ap.id', 'n.actor_id')
    .select([
      'n.id',
      'n.account_id',
      'n.user_id',
      'n.kind',
      'n.knowledge_id',
      'n.thread_id',
      'n.comment_id',
      'n.created_at',
      'n.read_at',
      'k.short_id',
      'k.title',
      'k.collection_id',
      'c.body',
      'a.id as actor_id',
      'a.email as actor_email',
      'ap.full_name as actor_full_name',
      'ap.avatar_url as actor_avatar_url',
    ]);
}
export type NotificationRow = Awaited<ReturnType<ReturnType<typeof notificationsWithContext>['execute']>>[number];

/** One person's newest notifications in a workspace. */
export async function listNotificationRows(db: Executor, accountId: string, userId: string, limit: number) {
  return notificationsWithContext(db)
    .where('n.account_id', '=', accountId)
    .where('n.user_id', '=', userId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

/** Notifications by id (to be e-mailed). */
export async function notificationRowsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return notificationsWithContext(db).where('n.id', 'in', ids).orderBy('n.created_at').execute();
}

/** A person's notifications waiting for their daily digest. */
export async function pendingDigestRows(db: Executor, userId: string) {
  return notificationsWithContext(db)
    .where('n.user_id', '=', userId)
    .where('n.mail', '=', 'pending')
    .orderBy('n.created_at')
    .execute();
}

/** The people owed a digest: with notifications pending, and no digest in the last day. */
export async function peopleOwedDigest(db: Executor, now: Date): Promise<Array<{ id: string; email: string }>> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  return db
    .selectFrom('users as u')
    .leftJoin('profiles as p', 'p.id', 'u.id')
    .select(['u.id', 'u.email'])
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('notifications').select('id').whereRef('user_id', '=', 'u.id').where('mail', '=', 'pending')),
    )
    .where((eb) => eb.or([eb('p.digest_sent_at', 'is', null), eb('p.digest_sent_at', '<=', dayAgo)]))
    .execute();
}

export async function markNotificationsMailed(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ mail: 'sent' }).where('id', 'in', ids).execute();
}

export async function noteDigestSent(db: Executor, userId: string, at: Date): Promise<void> {
  await db.updateTable('profiles').set({ digest_sent_at: at }).where('id', '=', userId).execute();
}

export async function countUnread(db: Executor, accountId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<string>`count(*)`.as('count'))
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the person's notifications read; false when they have none by that id. */
export async function markRead(db: Executor, accountId: string, userId: string, id: string): Promise<boolean> {
  const found = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(found.numUpdatedRows) > 0;
}

export async function markAllRead(db: Executor, accountId: string, userId: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** An unread notification of this kind about the item: a second edit adds none. */
export async function hasUnread(db: Executor, userId: string, knowledgeId: string, kind: NotificationKind) {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('knowledge_id', '=', knowledgeId)
    .where('kind', '=', kind)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function notificationSettings(db: Executor, userId: string) {
  const row = await db
    .selectFrom('profiles')
    .select(['comment_email', 'mention_email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return { comment_email: row?.comment_email ?? ('each' as CommentEmail), mention_email: row?.mention_email ?? true };
}

export async function updateNotificationSettings(
  db: Executor,
  userId: string,
  settings: { comment_email?: CommentEmail; mention_email?: boolean },
): Promise<void> {
  if (settings.comment_email === undefined && settings.mention_email === undefined) return;
  await db.updateTable('profiles').set(settings).where('id', '=', userId).execute();
}
