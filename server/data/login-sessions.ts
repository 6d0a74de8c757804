import { sql } from 'kysely';
import type { LoginSessionEndReason } from '../db/types';
import type { Executor } from './executor';

/** A browser's login session by its id, whoever it belongs to. */
export async function findLoginSession(db: Executor, id: string) {
  return db.selectFrom('login_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a new login session for the user's current auth session; false when the id is taken. */
export async function insertLoginSession(
  db: Executor,
  values: { id: string; userId: string; authSessionId: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('login_sessions')
    .values({ id: values.id, user_id: values.userId, auth_session_id: values.authSessionId })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Ties an active login session of the user to the auth session now behind it, and marks it active. */
export async function attachLoginSession(db: Executor, id: string, userId: string, authSessionId: string) {
  const updated = await db
    .updateTable('login_sessions')
    .set({ auth_session_id: authSessionId, last_active_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Marks the user's active login session active now; false when it is unknown, another's, or ended. */
export async function touchLoginSession(db: Executor, id: string, userId: string): Promise<boolean> {
  const updated = await db
    .updateTable('login_sessions')
    .set({ last_active_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Ends the user's login session, keeping the first reason it ended for; false when it is not the user's. */
export async function endLoginSession(db: Executor, id: string, userId: string, reason: LoginSessionEndReason) {
  const updated = await db
    .updateTable('login_sessions')
    .set({
      ended_at: sql`coalesce(ended_at, now())`,
      end_reason: sql`coalesce(end_reason, ${reason})`,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Ends every active login session riding on the given auth sessions of the user. */
export async function endLoginSessionsOf(
  db: Executor,
  userId: string,
  authSessionIds: string[],
  reason: LoginSessionEndReason,
): Promise<void> {
  if (authSessionIds.length === 0) return;
  await db
    .updateTable('login_sessions')
    .set({ ended_at: sql`now()`, end_reason: reason })
    .where('user_id', '=', userId)
    .where('auth_session_id', 'in', authSessionIds)
    .where('ended_at', 'is', null)
    .execute();
}

/** The user's unexpired auth sessions, with the last activity any of their login sessions saw. */
export async function listAuthSessions(db: Executor, userId: string) {
  return db
    .selectFrom('sessions')
    .leftJoin('login_sessions', 'login_sessions.auth_session_id', 'sessions.id')
    .select([
      'sessions.id',
      'sessions.user_agent',
      'sessions.ip_address',
      'sessions.sign_in_method',
      'sessions.created_at',
      'sessions.updated_at',
      sql<Date | null>`max(login_sessions.last_active_at)`.as('last_active_at'),
    ])
    .where('sessions.user_id', '=', userId)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .groupBy('sessions.id')
    .execute();
}

/** The ids of the user's auth sessions other than `keep`. */
export async function otherAuthSessionIds(db: Executor, userId: string, keep: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '<>', keep)
    .execute();
  return rows.map((row) => row.id);
}

/** Whether the auth session is the user's. */
export async function isUsersAuthSession(db: Executor, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the user's auth sessions with these ids: whoever held them is signed out at their next request. */
export async function deleteAuthSessions(db: Executor, userId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Which of these auth sessions may still use the app: unexpired, and not owing a two-factor code. */
export async function usableAuthSessionIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', ids)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('second_factor', '<>', 'pending')
    .execute();
  return new Set(rows.map((row) => row.id));
}
