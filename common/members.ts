import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { assignableRoleSchema, roleSchema } from './roles';
import { noControlCharacters } from './text-checks';

/** An invitation can be accepted for this many days. */
export const INVITE_LIFETIME_DAYS = 7;
/** Said when the address already has an open invitation to the account. */
export const ALREADY_INVITED_MESSAGE = 'This email address is already invited to this account';
/** Said when the address already belongs to a member of the account. */
export const ALREADY_MEMBER_MESSAGE = 'A user with this email already exists in this account';
/** The `code`s of those two refusals, which the invite dialog shows under the e-mail field. */
export const INVITE_CONFLICT_CODES = { alreadyInvited: 'already_invited', alreadyMember: 'already_member' } as const;

const uuid = (what: string) => z.uuid({ error: `${what} is required` });

/** A plausible e-mail address, with the spec's message. */
export const inviteEmailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address' }).max(254, 'Please enter a valid email address'));

export const accountUsersQuerySchema = z.object({ accountId: accountIdSchema });
export const inviteUserSchema = z.object({
  email: inviteEmailSchema,
  accountId: accountIdSchema,
  role: assignableRoleSchema,
});
export const updateUserRoleSchema = z.object({
  userId: uuid('userId'),
  accountId: accountIdSchema,
  role: assignableRoleSchema,
});
export const transferOwnershipSchema = z.object({
  currentOwnerId: uuid('currentOwnerId'),
  newOwnerId: z.uuid({ error: 'Please choose the new owner' }),
  accountId: accountIdSchema,
  newOwnerRole: assignableRoleSchema,
});
export const removeUserQuerySchema = z.object({ userId: uuid('userId'), accountId: accountIdSchema });
export const cancelInviteQuerySchema = z.object({ inviteId: uuid('inviteId'), accountId: accountIdSchema });

/** The token an invitation e-mail carries. */
const invitationTokenSchema = z.string().min(1).max(200).check(noControlCharacters('The invitation token'));

/** An invitation named by the e-mailed token or by its id from the invitations list. */
export const inviteReferenceSchema = z.union(
  [z.object({ token: invitationTokenSchema }), z.object({ inviteId: z.uuid() })],
  { error: 'An invitation token is required' },
);
export const acceptInvitationSchema = z.intersection(z.object({ userId: uuid('userId') }), inviteReferenceSchema);
/** `?token=` on the invitations list: the e-mailed token that brought the user there. */
export const invitationsQuerySchema = z.object({ token: invitationTokenSchema.optional() });

/** A member row on the users page, with what the caller may do to it. */
export const memberSchema = z.object({
  account_id: z.uuid(),
  user_id: z.uuid(),
  role: roleSchema,
  created_at: z.string(),
  profiles: z.object({
    full_name: z.string().nullable(),
    email: z.string(),
    avatar_url: z.string().nullable(),
    avatar_data: z.null(),
    mfa_enabled: z.boolean(),
  }),
  policies: z.object({ remove: z.boolean(), leave: z.boolean(), changeRole: z.boolean(), makeOwner: z.boolean() }),
});
export type MemberDto = z.infer<typeof memberSchema>;

/** An invitation that has not been accepted or cancelled, without its token. */
export const pendingInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  account_id: z.uuid(),
  account_name: z.string(),
  role: assignableRoleSchema,
  created_at: z.string(),
  expires_at: z.string(),
  cancelled_invite: z.boolean(),
});
export type PendingInviteDto = z.infer<typeof pendingInviteSchema>;

/** What the users page shows: members, open invitations (managers only), and the caller's abilities. */
export const accountUsersSchema = z.object({
  members: z.array(memberSchema),
  pendingInvites: z.array(pendingInviteSchema),
  currentUserRole: roleSchema,
  policies: z.object({
    invite: z.boolean(),
    inviteAsAdmin: z.boolean(),
    cancelInvite: z.boolean(),
    viewInvites: z.boolean(),
    changeRoles: z.boolean(),
    transferOwnership: z.boolean(),
  }),
});
export type AccountUsersDto = z.infer<typeof accountUsersSchema>;

/** An invitation as its invitee sees it on /invitations. */
export const myInvitationSchema = pendingInviteSchema.extend({ invited_by_name: z.string().nullable() });
export type MyInvitationDto = z.infer<typeof myInvitationSchema>;

/** The invitee's list, and what the e-mailed token (if any) says. */
export const myInvitationsSchema = z.object({
  invitations: z.array(myInvitationSchema),
  tokenInviteId: z.uuid().nullable(),
  tokenError: z.string().nullable(),
});

/** What removing someone did: `left` when the caller left; the new owner when an owner left. */
export const removeUserResultSchema = z.object({ left: z.boolean(), newOwnerId: z.uuid().nullable() });
