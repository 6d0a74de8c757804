import type { Profile } from '../db/schema';
import type { Executor } from './executor';

/** Creates the profile that goes with a new user. */
export async function insertProfile(db: Executor, userId: string, fullName: string | null): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ id: userId, full_name: fullName?.trim() || null })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The user's profile with their e-mail address. */
export async function findProfileWithEmail(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'profiles.full_name',
      'profiles.avatar_url',
      'profiles.mfa_enabled',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** Sets the full name, creating the profile if an older user lacks one. */
export async function updateFullName(db: Executor, userId: string, fullName: string): Promise<Profile> {
  return db
    .insertInto('profiles')
    .values({ id: userId, full_name: fullName })
    .onConflict((oc) => oc.column('id').doUpdateSet({ full_name: fullName, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Gives a user who has no name yet `fullName`; a user who has one keeps it. */
export async function nameUnnamedUser(db: Executor, userId: string, fullName: string): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ id: userId, full_name: fullName })
    .onConflict((oc) => oc.column('id').doUpdateSet({ full_name: fullName, updated_at: new Date() }).where('profiles.full_name', 'is', null))
    .execute();
  await db.updateTable('users').set({ name: fullName }).where('id', '=', userId).where('name', '=', '').execute();
}
