import type { Role } from '../db/types';
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

/** Members with the profile fields the users page shows, oldest membership first. */
export async function listMembersWithProfiles(db: Executor, accountId: string) {
  return db
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .leftJoin('profiles', 'profiles.id', 'account_members.user_id')
    .select([
      'account_members.account_id',
      'account_members.user_id',
      'account_members.role',
      'account_members.created_at',
      'users.email',
      'profiles.full_name',
      'profiles.avatar_url',
      'profiles.mfa_enabled',
    ])
    .where('account_members.account_id', '=', accountId)
    .orderBy('account_members.created_at')
    .orderBy('account_members.user_id')
    .execute();
}

/** Is someone with this e-mail address already a member? */
export async function isMemberByEmail(db: Executor, accountId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .select('account_members.user_id')
    .where('account_members.account_id', '=', accountId)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email))
    .executeTakeFirst();
  return Boolean(row);
}

export async function setMemberRole(db: Executor, accountId: string, userId: string, role: Role): Promise<void> {
  await db
    .updateTable('account_members')
    .set({ role })
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Executor, accountId: string, userId: string): Promise<void> {
  await db.deleteFrom('account_members').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
}

/** The member who inherits ownership when the owner leaves: the longest-standing admin, else member. */
export async function findSuccessor(db: Executor, accountId: string, leavingUserId: string) {
  return db
    .selectFrom('account_members')
    .select(['user_id', 'role'])
    .where('account_id', '=', accountId)
    .where('user_id', '!=', leavingUserId)
    .orderBy((eb) => eb.case().when('role', '=', 'admin').then(0).else(1).end())
    .orderBy('created_at')
    .executeTakeFirst();
}

/**
 * Locks the account row for the rest of the transaction, so membership changes
 * to one account (role changes, transfers, removals) happen one at a time.
 */
export async function lockAccountMembership(db: Executor, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().executeTakeFirst();
  return Boolean(row);
}

/** Do these two users share a workspace (or are they the same person)? */
export async function sharesWorkspace(db: Executor, userId: string, otherUserId: string): Promise<boolean> {
  if (userId === otherUserId) return true;
  const row = await db
    .selectFrom('account_members as mine')
    .innerJoin('account_members as theirs', 'theirs.account_id', 'mine.account_id')
    .select('mine.account_id')
    .where('mine.user_id', '=', userId)
    .where('theirs.user_id', '=', otherUserId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The ids of the accounts the user is a member of. */
export async function accountIdsOfMember(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('account_members').select('account_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.account_id);
}
