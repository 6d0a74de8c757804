import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Profile } from '../db/types';
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
      'profiles.name_prompt_skipped_at',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/**
 * Sets the full name, creating the profile if an older user lacks one; the
 * sign-in's user record (its session's `user.name`) says the same.
 */
export async function updateFullName(db: Executor, userId: string, fullName: string): Promise<Profile> {
  await db.updateTable('users').set({ name: fullName }).where('id', '=', userId).execute();
  return db
    .insertInto('profiles')
    .values({ id: userId, full_name: fullName })
    .onConflict((oc) => oc.column('id').doUpdateSet({ full_name: fullName, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Remembers that the user declined to give a name when asked, creating the profile if an older user lacks one. */
export async function skipNamePrompt(db: Executor, userId: string, now = new Date()): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ id: userId, name_prompt_skipped_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name_prompt_skipped_at: now, updated_at: now }))
    .execute();
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

/**
 * Sets the stored path of the user's avatar (null for none), creating the
 * profile if an older user lacks one, and answers the path it replaced. The
 * row is locked while it changes, so of two uploads at once each learns the
 * file the other replaced, and no file is left behind.
 */
export async function replaceAvatarPath(db: Kysely<DB>, userId: string, path: string | null): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('profiles')
      .select('avatar_url')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('profiles')
      .values({ id: userId, avatar_url: path })
      .onConflict((oc) => oc.column('id').doUpdateSet({ avatar_url: path, updated_at: new Date() }))
      .execute();
    return previous?.avatar_url ?? null;
  });
}

/** The stored avatar path of a user, or null. */
export async function findAvatarPath(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom('profiles').select('avatar_url').where('id', '=', userId).executeTakeFirst();
  return row?.avatar_url ?? null;
}

/** The stored avatar paths of these users that have one (for the clean-up of avatar files). */
export async function avatarPathsOf(db: Executor, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('profiles')
    .select('avatar_url')
    .where('id', 'in', userIds)
    .where('avatar_url', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.avatar_url!));
}
