import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { deleteAuthSessions, endLoginSessionsOf, otherAuthSessionIds } from '../data/login-sessions';

/**
 * Ends some of the user's auth sessions on the server at once: their rows go
 * (the next request with their cookie is 401) and their login sessions are
 * marked `force_logout`, so each browser's pulse can say why.
 */
export async function endAuthSessions(db: Kysely<DB>, userId: string, ids: string[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await endLoginSessionsOf(trx, userId, ids, 'force_logout');
    return deleteAuthSessions(trx, userId, ids);
  });
}

/** 'Sign Out Everywhere Else': ends every auth session of the user but `keep`. */
export async function endOtherAuthSessions(db: Kysely<DB>, userId: string, keep: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const others = await otherAuthSessionIds(trx, userId, keep);
    await endLoginSessionsOf(trx, userId, others, 'force_logout');
    return deleteAuthSessions(trx, userId, others);
  });
}
