import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PendingInvite } from '../db/types';
import { findMembership, insertMember, lockAccountMembership } from '../data/account-members';
import { cancelInvite, findInviteById, findInviteByTokenHash, markInviteAccepted } from '../data/pending-invites';
import { badRequest, forbidden, notFound } from '../errors';
import type { Executor } from '../data/executor';
import { hashToken } from '../auth/tokens';

/** Which invitation a request means: the e-mailed token, or the id from the invitations list. */
export type InviteReference = { token: string } | { inviteId: string };

/** Why an invite can no longer be used, or null while it can. */
export function inviteProblem(invite: PendingInvite, now: Date): string | null {
  if (invite.accepted_at) return 'This invitation has already been used';
  if (invite.cancelled_invite) return 'This invitation has been cancelled';
  if (invite.expires_at <= now) return 'This invitation has expired';
  return null;
}

/**
 * Finds the invitation and checks it is addressed to the signed-in user: only
 * the person whose (verified) e-mail was invited may accept or decline.
 */
export async function resolveInvite(db: Executor, reference: InviteReference, user: { email: string }) {
  const invite =
    'token' in reference
      ? await findInviteByTokenHash(db, hashToken(reference.token))
      : await findInviteById(db, reference.inviteId);
  if (!invite) throw notFound('Invitation not found');
  if (invite.email !== user.email.trim().toLowerCase()) {
    throw forbidden('This invitation was sent to a different email address');
  }
  return invite;
}

/** Accepts an invitation: the user joins the account with the invited role; the invite is used up. */
export async function acceptInvitation(
  db: Kysely<DB>,
  reference: InviteReference,
  user: { id: string; email: string },
) {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const invite = await resolveInvite(trx, reference, user);
    const problem = inviteProblem(invite, now);
    if (problem) throw badRequest(problem, 'invite_unusable');
    await lockAccountMembership(trx, invite.account_id);
    if (!(await markInviteAccepted(trx, invite.id, user.id, now))) {
      throw badRequest('This invitation has already been used', 'invite_unusable');
    }
    if (!(await findMembership(trx, invite.account_id, user.id))) {
      await insertMember(trx, invite.account_id, user.id, invite.role);
    }
    return { account_id: invite.account_id };
  });
}

/** Declines an invitation: cancelled and expired now, as the spec says. */
export async function declineInvitation(db: Kysely<DB>, reference: InviteReference, user: { email: string }) {
  const now = new Date();
  const invite = await resolveInvite(db, reference, user);
  const problem = inviteProblem(invite, now);
  if (problem) throw badRequest(problem, 'invite_unusable');
  if (!(await cancelInvite(db, invite.id, now, { expireNow: true }))) {
    // Accepted (or cancelled) since it was read: say which.
    const current = await findInviteById(db, invite.id);
    throw badRequest(
      (current && inviteProblem(current, now)) ?? 'This invitation has already been used',
      'invite_unusable',
    );
  }
}
