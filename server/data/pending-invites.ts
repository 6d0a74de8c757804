import { sql } from 'kysely';
import type { PendingInvite, Role } from '../db/types';
import type { Executor } from './executor';

/** Invites not cancelled, not accepted and not yet expired at `now`. */
const live = (now: Date) => sql<boolean>`cancelled_invite = false AND accepted_at IS NULL AND expires_at > ${now}`;

export async function insertInvite(
  db: Executor,
  invite: { email: string; accountId: string; role: Exclude<Role, 'owner'>; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<PendingInvite> {
  return db
    .insertInto('pending_invites')
    .values({
      email: invite.email,
      account_id: invite.accountId,
      role: invite.role,
      token_hash: invite.tokenHash,
      invited_by: invite.invitedBy,
      expires_at: invite.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Closes expired, unanswered invites to an address so a new one can take their place. */
export async function retireExpiredInvites(db: Executor, accountId: string, email: string, now: Date): Promise<void> {
  await db
    .updateTable('pending_invites')
    .set({ cancelled_invite: true })
    .where('account_id', '=', accountId)
    .where('email', '=', email)
    .where('cancelled_invite', '=', false)
    .where('accepted_at', 'is', null)
    .where('expires_at', '<=', now)
    .execute();
}

export async function hasLiveInvite(db: Executor, accountId: string, email: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('pending_invites')
    .select('id')
    .where('account_id', '=', accountId)
    .where('email', '=', email)
    .where(live(now))
    .executeTakeFirst();
  return Boolean(row);
}

/** The account's open invites (not cancelled, not accepted), newest first; expired ones included so they can be cleared. */
export async function listOpenInvitesForAccount(db: Executor, accountId: string) {
  return db
    .selectFrom('pending_invites')
    .innerJoin('accounts', 'accounts.id', 'pending_invites.account_id')
    .selectAll('pending_invites')
    .select('accounts.name as account_name')
    .where('pending_invites.account_id', '=', accountId)
    .where('pending_invites.cancelled_invite', '=', false)
    .where('pending_invites.accepted_at', 'is', null)
    .orderBy('pending_invites.created_at', 'desc')
    .execute();
}

/** Live invites addressed to `email`, across accounts, newest first. */
export async function listLiveInvitesForEmail(db: Executor, email: string, now: Date) {
  return db
    .selectFrom('pending_invites')
    .innerJoin('accounts', 'accounts.id', 'pending_invites.account_id')
    .leftJoin('users as inviter', 'inviter.id', 'pending_invites.invited_by')
    .leftJoin('profiles', 'profiles.id', 'pending_invites.invited_by')
    .selectAll('pending_invites')
    .select((eb) => [
      'accounts.name as account_name',
      eb.fn.coalesce('profiles.full_name', 'inviter.email').as('invited_by_name'),
    ])
    .where('pending_invites.email', '=', email)
    .where(live(now))
    .orderBy('pending_invites.created_at', 'desc')
    .execute();
}

export async function findInviteById(db: Executor, inviteId: string) {
  return db.selectFrom('pending_invites').selectAll().where('id', '=', inviteId).executeTakeFirst();
}

export async function findInviteByTokenHash(db: Executor, tokenHash: string) {
  return db.selectFrom('pending_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Cancels (admin) or declines (invitee) an open invite: never usable again.
 * False when it was no longer open (accepted or cancelled meanwhile).
 */
export async function cancelInvite(db: Executor, inviteId: string, now: Date, options: { expireNow: boolean }): Promise<boolean> {
  const row = await db
    .updateTable('pending_invites')
    .set({ cancelled_invite: true, ...(options.expireNow ? { expires_at: now } : {}) })
    .where('id', '=', inviteId)
    .where('accepted_at', 'is', null)
    .where('cancelled_invite', '=', false)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Marks a live invite used; false when it was no longer live (used, cancelled or expired meanwhile). */
export async function markInviteAccepted(db: Executor, inviteId: string, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('pending_invites')
    .set({ accepted_at: now, accepted_by: userId })
    .where('id', '=', inviteId)
    .where(live(now))
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}
