import type { Executor } from './executor';

/** The user's accounts with their role in each, newest first. */
export async function listAccountsForUser(db: Executor, userId: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('account_members', 'account_members.account_id', 'accounts.id')
    .select(['accounts.id', 'accounts.name', 'accounts.created_at', 'accounts.updated_at', 'account_members.role'])
    .where('account_members.user_id', '=', userId)
    .orderBy('accounts.created_at', 'desc')
    .orderBy('accounts.id')
    .execute();
}

export async function findAccount(db: Executor, accountId: string) {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
}

export async function insertAccount(db: Executor, name: string) {
  return db.insertInto('accounts').values({ name }).returningAll().executeTakeFirstOrThrow();
}

export async function renameAccount(db: Executor, accountId: string, name: string) {
  return db
    .updateTable('accounts')
    .set({ name, updated_at: new Date() })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the account; its members, items and stars go with it by cascade (its image folder, with the clean-up job: decision 12). */
export async function deleteAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('accounts').where('id', '=', accountId).execute();
}

