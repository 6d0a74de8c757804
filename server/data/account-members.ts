import type { Role } from '../db/schema';
import type { Executor } from './executor';

export async function findMembership(db: Executor, accountId: string, userId: string) {
  return db
    .selectFrom('account_members')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertMember(db: Executor, accountId: string, userId: string, role: Role): Promise<void> {
  await db.insertInto('account_members').values({ account_id: accountId, user_id: userId, role }).execute();
}

export async function countMembers(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('account_members')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
