import { TWO_FACTOR_LOCKOUT_SECONDS, TWO_FACTOR_MAX_ATTEMPTS } from '../../common/two-factor';
import type { SecondFactorState } from '../db/types';
import type { Executor } from './executor';

/** The user's authenticator apps, oldest first. */
export async function listFactors(db: Executor, userId: string) {
  return db
    .selectFrom('two_factor_factors')
    .select(['id', 'friendly_name', 'status', 'secret_encrypted', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function hasVerifiedFactor(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'verified')
    .executeTakeFirst();
  return Boolean(row);
}

/** Removes set-ups that were started and never confirmed. */
export async function deleteUnverifiedFactors(db: Executor, userId: string) {
  await db.deleteFrom('two_factor_factors').where('user_id', '=', userId).where('status', '=', 'unverified').execute();
}

/** A new, unconfirmed factor; undefined when the user already has one by that name. */
export async function insertFactor(db: Executor, values: { userId: string; friendlyName: string; secretEncrypted: string }) {
  return db
    .insertInto('two_factor_factors')
    .values({ user_id: values.userId, friendly_name: values.friendlyName, secret_encrypted: values.secretEncrypted })
    .onConflict((oc) => oc.columns(['user_id', 'friendly_name']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function findFactor(db: Executor, userId: string, factorId: string) {
  return db
    .selectFrom('two_factor_factors')
    .select(['id', 'status', 'secret_encrypted'])
    .where('user_id', '=', userId)
    .where('id', '=', factorId)
    .executeTakeFirst();
}

/**
 * Accepts a code's time step for the factor if no code of that step or a later
 * one was accepted before: one statement, so of many uses of one code exactly one wins.
 */
export async function acceptStep(db: Executor, factorId: string, step: number): Promise<boolean> {
  const accepted = await db
    .updateTable('two_factor_factors')
    .set({ last_used_step: step, updated_at: new Date() })
    .where('id', '=', factorId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return Boolean(accepted);
}

export async function markFactorVerified(db: Executor, factorId: string) {
  await db.updateTable('two_factor_factors').set({ status: 'verified', updated_at: new Date() }).where('id', '=', factorId).execute();
}

/** Deletes a factor of the user; false when there was none. Its recovery codes go with the last one. */
export async function deleteFactor(db: Executor, userId: string, factorId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('two_factor_factors')
    .where('user_id', '=', userId)
    .where('id', '=', factorId)
    .returning('id')
    .executeTakeFirst();
  if (deleted && !(await hasVerifiedFactor(db, userId))) {
    await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  }
  return Boolean(deleted);
}

/** Replaces the user's recovery codes with these (hashed) ones. */
export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]) {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses a recovery code up; false when it is unknown or already used. */
export async function useRecoveryCode(db: Executor, userId: string, hash: string): Promise<boolean> {
  const used = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(used);
}

export async function countRecoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Claims one attempt at a code for the user, in whichever session: undefined
 * while they are locked out (or their attempts are all taken by codes being
 * checked), else which attempt this is (1 to 3). Claimed before the code is
 * checked, so requests sent together, from any sessions, cannot get past the limit.
 */
export async function claimAttempt(db: Executor, userId: string, now: Date): Promise<number | undefined> {
  const claimed = await db
    .insertInto('two_factor_attempts')
    .values({ user_id: userId, failures: 1 })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({ failures: eb('two_factor_attempts.failures', '+', 1) }))
        .where('two_factor_attempts.failures', '<', TWO_FACTOR_MAX_ATTEMPTS)
        .where((eb) =>
          eb.or([eb('two_factor_attempts.locked_until', 'is', null), eb('two_factor_attempts.locked_until', '<=', now)]),
        ),
    )
    .returning('failures')
    .executeTakeFirst();
  return claimed?.failures;
}

/**
 * After a wrong code that was the last attempt: locks the user's second factor for the
 * lockout and starts the count again (even if a right code in another session has just
 * cleared the count: three wrong ones were still tried).
 */
export async function lockOut(db: Executor, userId: string, now: Date) {
  const lock = { failures: 0, locked_until: new Date(now.getTime() + TWO_FACTOR_LOCKOUT_SECONDS * 1000) };
  await db
    .insertInto('two_factor_attempts')
    .values({ user_id: userId, ...lock })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(lock))
    .execute();
}

/** A right code: the user's count of wrong ones starts again. */
export async function forgetAttempts(db: Executor, userId: string) {
  await db.deleteFrom('two_factor_attempts').where('user_id', '=', userId).execute();
}

/** Seconds until the user may try a code again, in any session (0 when they may now). */
export async function lockedForSeconds(db: Executor, userId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('two_factor_attempts')
    .select('locked_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const until = row?.locked_until?.getTime() ?? 0;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}

/** Where one session stands. */
export async function setSessionSecondFactor(db: Executor, sessionId: string, state: SecondFactorState) {
  await db.updateTable('sessions').set({ second_factor: state }).where('id', '=', sessionId).execute();
}

/**
 * Two-factor was turned on (`on`) or off for the user: their other sessions
 * that never gave a code must now give one, or no longer need to.
 */
export async function updateOtherSessions(db: Executor, userId: string, exceptSessionId: string, on: boolean) {
  await db
    .updateTable('sessions')
    .set({ second_factor: on ? 'pending' : 'none' })
    .where('user_id', '=', userId)
    .where('id', '!=', exceptSessionId)
    .where('second_factor', 'in', on ? ['none'] : ['pending', 'verified'])
    .execute();
}

/** Profile mfa_enabled, as the spec's users list shows it. */
export async function setMfaEnabled(db: Executor, userId: string, enabled: boolean) {
  await db.updateTable('profiles').set({ mfa_enabled: enabled, updated_at: new Date() }).where('id', '=', userId).execute();
}

