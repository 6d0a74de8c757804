import type { Kysely } from 'kysely';
import { hashToken, randomToken } from '../auth/tokens';
import type { AssignableRole } from '../../common/roles';
import {
  ALREADY_INVITED_MESSAGE,
  ALREADY_MEMBER_MESSAGE,
  INVITE_CONFLICT_CODES,
  INVITE_LIFETIME_DAYS,
} from '../../common/members';
import type { DB } from '../db/schema';
import type { Role } from '../db/types';
import { isMemberByEmail } from '../data/account-members';
import { findAccount } from '../data/accounts';
import { hasLiveInvite, insertInvite, retireExpiredInvites } from '../data/pending-invites';
import { findProfileWithEmail } from '../data/profiles';
import { AppError, conflict, notFound } from '../errors';
import type { Mailer } from '../mail/mailer';
import { invitationMail } from '../mail/templates';
import { authorize } from '../policies/authorize';
import { teamPolicy } from '../policies/member-policy';

const UNIQUE_VIOLATION = '23505';

/**
 * Invites an address to an account and e-mails the link. The invite and the
 * mail succeed together: if the mail cannot be sent, no invite is left behind.
 */
export async function inviteUser(
  deps: { db: Kysely<DB>; mailer: Mailer; baseUrl: string },
  input: { accountId: string; actor: { userId: string; role: Role }; email: string; role: AssignableRole },
) {
  const { db, mailer, baseUrl } = deps;
  // Asking to grant admin is refused with its own reason ('...invite administrators'), the spec's pair.
  if (input.role === 'admin') authorize(teamPolicy.inviteAsAdmin, input.actor);
  authorize(teamPolicy.invite, input.actor);
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  const token = randomToken();

  try {
    return await db.transaction().execute(async (trx) => {
      const account = await findAccount(trx, input.accountId);
      if (!account) throw notFound('Account not found');
      if (await isMemberByEmail(trx, input.accountId, email)) {
        throw conflict(ALREADY_MEMBER_MESSAGE, INVITE_CONFLICT_CODES.alreadyMember);
      }
      if (await hasLiveInvite(trx, input.accountId, email, now))
        throw conflict(ALREADY_INVITED_MESSAGE, INVITE_CONFLICT_CODES.alreadyInvited);
      // An expired invite to the same address makes way for the new one.
      await retireExpiredInvites(trx, input.accountId, email, now);
      const invite = await insertInvite(trx, {
        email,
        accountId: input.accountId,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: input.actor.userId,
        expiresAt: new Date(now.getTime() + INVITE_LIFETIME_DAYS * 24 * 3600 * 1000),
      });
      const inviter = await findProfileWithEmail(trx, input.actor.userId);
      const url = `${baseUrl}/invitations?token=${encodeURIComponent(token)}`;
      try {
        await mailer.send(
          invitationMail(email, {
            accountName: account.name,
            inviterName: inviter?.full_name || inviter?.email || 'A teammate',
            role: input.role,
            url,
          }),
        );
      } catch {
        throw new AppError(502, 'mail_failed', 'Failed to send invitation');
      }
      return { ...invite, account_name: account.name };
    });
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION)
      throw conflict(ALREADY_INVITED_MESSAGE, INVITE_CONFLICT_CODES.alreadyInvited);
    throw error;
  }
}
