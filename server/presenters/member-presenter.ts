import type { MemberDto, MyInvitationDto, PendingInviteDto } from '../../common/members';
import type { listMembersWithProfiles } from '../data/account-members';
import type { PendingInvite, Role } from '../db/types';
import { abilities } from '../policies/authorize';
import { memberPolicy } from '../policies/member-policy';

type MemberRow = Awaited<ReturnType<typeof listMembersWithProfiles>>[number];

/** A member row as the users page shows it, with what the caller may do to it. */
export function presentMember(row: MemberRow, actor: { userId: string; role: Role }, memberCount: number): MemberDto {
  return {
    account_id: row.account_id,
    user_id: row.user_id,
    role: row.role,
    created_at: row.created_at.toISOString(),
    profiles: {
      full_name: row.full_name,
      email: row.email,
      avatar_url: row.avatar_url,
      avatar_data: null,
      mfa_enabled: row.mfa_enabled ?? false,
    },
    policies: abilities(memberPolicy, { actor, target: { userId: row.user_id, role: row.role }, memberCount }),
  };
}

type InviteRow = PendingInvite & { account_name: string; role: PendingInviteDto['role'] };

/** An invitation without its token hash. */
export function presentInvite(invite: InviteRow): PendingInviteDto {
  return {
    id: invite.id,
    email: invite.email,
    account_id: invite.account_id,
    account_name: invite.account_name,
    role: invite.role,
    created_at: invite.created_at.toISOString(),
    expires_at: invite.expires_at.toISOString(),
    cancelled_invite: invite.cancelled_invite,
  };
}

/** An invitation as its invitee sees it: who sent it. */
export function presentMyInvite(invite: InviteRow & { invited_by_name: string | null }): MyInvitationDto {
  return { ...presentInvite(invite), invited_by_name: invite.invited_by_name };
}
