import { z } from 'zod';
import type { Role } from './accounts';

/** An invitation can be accepted for this many days. */
export const INVITE_LIFETIME_DAYS = 7;

const uuid = (what: string) => z.uuid({ error: `${what} is required` });
const assignableRole = z.enum(['admin', 'member'], { error: 'Role must be admin or member' });

/** A plausible e-mail address, with the spec's message. */
export const inviteEmailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address' }).max(254, 'Please enter a valid email address'));

export const inviteUserSchema = z.object({ email: inviteEmailSchema, accountId: uuid('accountId'), role: assignableRole });
export const updateUserRoleSchema = z.object({ userId: uuid('userId'), accountId: uuid('accountId'), role: assignableRole });
export const transferOwnershipSchema = z.object({
  currentOwnerId: uuid('currentOwnerId'),
  newOwnerId: z.uuid({ error: 'Please choose the new owner' }),
  accountId: uuid('accountId'),
  newOwnerRole: assignableRole,
});
export const removeUserQuerySchema = z.object({ userId: uuid('userId'), accountId: uuid('accountId') });
export const cancelInviteQuerySchema = z.object({ inviteId: uuid('inviteId'), accountId: uuid('accountId') });

/** An invitation named by the e-mailed token or by its id from the invitations list. */
export const inviteReferenceSchema = z.union(
  [z.object({ token: z.string().min(1).max(200) }), z.object({ inviteId: z.uuid() })],
  { error: 'An invitation token is required' },
);
export const acceptInvitationSchema = z.intersection(z.object({ userId: uuid('userId') }), inviteReferenceSchema);

export interface MemberDto {
  account_id: string;
  user_id: string;
  role: Role;
  created_at: string;
  profiles: { full_name: string | null; email: string; avatar_url: string | null; avatar_data: null; mfa_enabled: boolean };
  policies: { remove: boolean; leave: boolean; changeRole: boolean; makeOwner: boolean };
}

export interface PendingInviteDto {
  id: string;
  email: string;
  account_id: string;
  account_name: string;
  role: 'admin' | 'member';
  created_at: string;
  expires_at: string;
  cancelled_invite: boolean;
}

export interface AccountUsersDto {
  members: MemberDto[];
  pendingInvites: PendingInviteDto[];
  currentUserRole: Role;
  policies: { invite: boolean; inviteAsAdmin: boolean; cancelInvite: boolean; transferOwnership: boolean };
}

/** An invitation as its invitee sees it on /invitations. */
export interface MyInvitationDto extends PendingInviteDto {
  invited_by_name: string | null;
}
