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

/**
 * Stores a new account, or with an idempotency key its creator already used,
 * stores nothing and answers undefined (findAccountMadeWithKey has it).
 */
export async function insertAccount(db: Executor, values: { name: string; createdBy: string; idempotencyKey?: string }) {
  return db
    .insertInto('accounts')
    .values({ name: values.name, created_by: values.createdBy, idempotency_key: values.idempotencyKey ?? null })
    .onConflict((conflict) =>
      conflict.columns(['created_by', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The account `userId` created with `idempotencyKey`, if it still exists. */
export async function findAccountMadeWithKey(db: Executor, userId: string, idempotencyKey: string) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('created_by', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
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

