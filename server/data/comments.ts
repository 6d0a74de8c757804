import { sql } from 'kysely';
import type { Role } from '../db/types';
import { seesCollection } from '../policies/collection-policy';
import type { Executor } from './executor';

/** An item's threads with their comments and the people behind them, oldest first. */
export async function listThreadRows(db: Executor, knowledgeId: string, threadId?: string) {
  let query = db
    .selectFrom('comment_threads as t')
    .leftJoin('comments as c', 'c.thread_id', 't.id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('profiles as up', 'up.id', 'c.user_id')
    .leftJoin('users as ru', 'ru.id', 't.resolved_by')
    .leftJoin('profiles as rup', 'rup.id', 't.resolved_by')
    .select([
      't.id as thread_id',
      't.knowledge_id',
      't.quote',
      't.created_at as thread_created_at',
      't.resolved_at',
      'c.id as comment_id',
      'c.user_id',
      'c.body',
      'c.created_at',
      'c.edited_at',
      'u.email as u_email',
      'up.full_name as u_full_name',
      'up.avatar_url as u_avatar_url',
      'ru.id as ru_id',
      'ru.email as ru_email',
      'rup.full_name as ru_full_name',
      'rup.avatar_url as ru_avatar_url',
    ])
    .where('t.knowledge_id', '=', knowledgeId);
  if (threadId) query = query.where('t.id', '=', threadId);
  return query.orderBy('t.created_at').orderBy('t.id').orderBy('c.created_at').execute();
}
export type ThreadRow = Awaited<ReturnType<typeof listThreadRows>>[number];

/** A thread of the workspace, with its item's collection. */
export async function findThread(db: Executor, accountId: string, threadId: string) {
  return db
    .selectFrom('comment_threads as t')
    .innerJoin('knowledge as k', 'k.id', 't.knowledge_id')
    .select(['t.id', 't.knowledge_id', 't.created_by', 't.resolved_at', 'k.collection_id'])
    .where('t.account_id', '=', accountId)
    .where('t.id', '=', threadId)
    .executeTakeFirst();
}

/** A comment of the workspace, with its item's collection. */
export async function findComment(db: Executor, accountId: string, commentId: string) {
  return db
    .selectFrom('comments as c')
    .innerJoin('knowledge as k', 'k.id', 'c.knowledge_id')
    .select(['c.id', 'c.thread_id', 'c.knowledge_id', 'c.user_id', 'k.collection_id'])
    .where('c.account_id', '=', accountId)
    .where('c.id', '=', commentId)
    .executeTakeFirst();
}

export async function insertThread(
  db: Executor,
  values: { accountId: string; knowledgeId: string; quote: string | null; userId: string },
): Promise<string> {
  const row = await db
    .insertInto('comment_threads')
    .values({
      account_id: values.accountId,
      knowledge_id: values.knowledgeId,
      quote: values.quote,
      created_by: values.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertComment(
  db: Executor,
  values: { threadId: string; accountId: string; knowledgeId: string; userId: string; body: string },
): Promise<string> {
  const row = await db
    .insertInto('comments')
    .values({
      thread_id: values.threadId,
      account_id: values.accountId,
      knowledge_id: values.knowledgeId,
      user_id: values.userId,
      body: values.body,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCommentBody(db: Executor, commentId: string, body: string): Promise<void> {
  await db.updateTable('comments').set({ body, edited_at: new Date() }).where('id', '=', commentId).execute();
}

/** Deletes a comment, and its thread when no comment is left in it. */
export async function deleteCommentRow(db: Executor, commentId: string, threadId: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', commentId).execute();
  await db
    .deleteFrom('comment_threads')
    .where('id', '=', threadId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('comments').select('id').where('thread_id', '=', threadId))),
    )
    .execute();
}

export async function setThreadResolved(db: Executor, threadId: string, by: string | null): Promise<void> {
  await db
    .updateTable('comment_threads')
    .set(by ? { resolved_at: new Date(), resolved_by: by } : { resolved_at: null, resolved_by: null })
    .where('id', '=', threadId)
    .execute();
}

/** How many comments an item has. */
export async function countComments(db: Executor, knowledgeId: string): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select(sql<string>`count(*)`.as('count'))
    .where('knowledge_id', '=', knowledgeId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Comment counts of these items (those without comments are left out). */
export async function countCommentsOf(db: Executor, knowledgeIds: string[]): Promise<Map<string, number>> {
  if (knowledgeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(['knowledge_id', sql<string>`count(*)`.as('count')])
    .where('knowledge_id', 'in', knowledgeIds)
    .groupBy('knowledge_id')
    .execute();
  return new Map(rows.map((row) => [row.knowledge_id, Number(row.count)]));
}

/** Who wrote in a thread or started it. */
export async function threadParticipants(db: Executor, threadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .select('user_id')
    .where('thread_id', '=', threadId)
    .union(db.selectFrom('comment_threads').select('created_by as user_id').where('id', '=', threadId))
    .execute();
  return rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
}

/** Watches an item, or stops; `onlyIfUnset` keeps a choice the person already made (commenting watches by default). */
export async function setWatch(
  db: Executor,
  values: { accountId: string; knowledgeId: string; userId: string; watching: boolean },
  onlyIfUnset = false,
): Promise<void> {
  await db
    .insertInto('item_watches')
    .values({
      account_id: values.accountId,
      knowledge_id: values.knowledgeId,
      user_id: values.userId,
      watching: values.watching,
    })
    .onConflict((oc) =>
      onlyIfUnset
        ? oc.columns(['knowledge_id', 'user_id']).doNothing()
        : oc.columns(['knowledge_id', 'user_id']).doUpdateSet({ watching: values.watching }),
    )
    .execute();
}

/** Who watches an item: those who chose to, and its author unless they chose not to. */
export async function watchersOf(db: Executor, item: { id: string; user_id: string | null }): Promise<string[]> {
  const rows = await db
    .selectFrom('item_watches')
    .select(['user_id', 'watching'])
    .where('knowledge_id', '=', item.id)
    .execute();
  const watching = new Set(rows.filter((row) => row.watching).map((row) => row.user_id));
  if (item.user_id && !rows.some((row) => row.user_id === item.user_id)) watching.add(item.user_id);
  return [...watching];
}

/**
 * The workspace's members, with whether each sees the collection `collectionId` (decision 35); only
 * `userIds` when given, else those whose name or address matches `search` (at most `limit`).
 */
export async function membersSeeing(
  db: Executor,
  accountId: string,
  collectionId: string,
  options: { userIds?: string[]; search?: string; limit?: number },
) {
  if (options.userIds?.length === 0) return [];
  let query = db
    .selectFrom('account_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('profiles as p', 'p.id', 'm.user_id')
    .innerJoin('collections as col', (join) => join.on('col.id', '=', collectionId).onRef('col.account_id', '=', 'm.account_id'))
    .select([
      'm.user_id',
      'm.role',
      'u.email',
      'p.full_name',
      'p.avatar_url',
      'p.comment_email',
      'p.mention_email',
      'col.restricted',
      sql<boolean>`EXISTS (SELECT 1 FROM collection_members cm WHERE cm.collection_id = col.id AND cm.user_id = m.user_id)`.as(
        'chosen',
      ),
    ])
    .where('m.account_id', '=', accountId);
  if (options.userIds) query = query.where('m.user_id', 'in', options.userIds);
  const search = options.search?.trim().toLowerCase();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(coalesce(p.full_name, ''))`, 'like', like), eb(sql`lower(u.email)`, 'like', like)]),
    );
  }
  const rows = await query
    .orderBy(sql`lower(coalesce(p.full_name, u.email))`)
    .limit(options.limit ?? 1000)
    .execute();
  return rows.map((row) => ({
    ...row,
    sees: seesCollection(row.role as Role, { restricted: row.restricted, chosen: Boolean(row.chosen) }),
  }));
}
export type MemberSeeing = Awaited<ReturnType<typeof membersSeeing>>[number];

/** The threads of these items with their comments, for an export (decision 38), by item. */
export async function threadsForExport(db: Executor, knowledgeIds: string[]) {
  const byItem = new Map<string, ExportedThread[]>();
  if (knowledgeIds.length === 0) return byItem;
  const rows = await db
    .selectFrom('comment_threads as t')
    .innerJoin('comments as c', 'c.thread_id', 't.id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('profiles as p', 'p.id', 'c.user_id')
    .select([
      't.id as thread_id',
      't.knowledge_id',
      't.quote',
      't.created_at as thread_created_at',
      't.resolved_at',
      'c.user_id',
      'u.email',
      'p.full_name',
      'c.body',
      'c.created_at',
      'c.edited_at',
    ])
    .where('t.knowledge_id', 'in', knowledgeIds)
    .orderBy('t.created_at')
    .orderBy('t.id')
    .orderBy('c.created_at')
    .execute();
  const threads = new Map<string, ExportedThread>();
  for (const row of rows) {
    let thread = threads.get(row.thread_id);
    if (!thread) {
      thread = {
        id: row.thread_id,
        quote: row.quote,
        created_at: row.thread_created_at.toISOString(),
        resolved_at: row.resolved_at?.toISOString() ?? null,
        comments: [],
      };
      threads.set(row.thread_id, thread);
      byItem.set(row.knowledge_id, [...(byItem.get(row.knowledge_id) ?? []), thread]);
    }
    thread.comments.push({
      author: { id: row.user_id, email: row.email, name: row.full_name },
      body: row.body,
      created_at: row.created_at.toISOString(),
      edited_at: row.edited_at?.toISOString() ?? null,
    });
  }
  return byItem;
}

/** A thread as an export's manifest keeps it. */
export interface ExportedThread {
  id: string;
  quote: string | null;
  created_at: string;
  resolved_at: string | null;
  comments: Array<{
    author: { id: string | null; email: string | null; name: string | null };
    body: string;
    created_at: string;
    edited_at: string | null;
  }>;
}
