import * as api from '../../../common/api/users';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { inviteUser } from '../../commands/invite-user';
import { removeMember, transferOwnership, updateMemberRole } from '../../commands/manage-members';
import { listMembersWithProfiles } from '../../data/account-members';
import { cancelInvite, findInviteById, listOpenInvitesForAccount } from '../../data/pending-invites';
import { badRequest, notFound } from '../../errors';
import { abilities, authorize } from '../../policies/authorize';
import { teamPolicy } from '../../policies/member-policy';
import { presentInvite, presentMember } from '../../presenters/member-presenter';
import { avatarUrlsOf } from '../../storage/avatar-urls';

/** The spec's own-backend endpoints for the users page, at their exact paths under /api. */
export function usersRoutes(deps: AppDeps) {
  const {
    database: { db },
    mailer,
    env,
  } = deps;
  return createRouter(deps)
    .openapi(api.getAccountUsers, async (c) => {
      const actor = currentMembership(c);
      const policies = abilities(teamPolicy, actor);
      const rows = await listMembersWithProfiles(db, actor.accountId);
      const invites = policies.viewInvites ? await listOpenInvitesForAccount(db, actor.accountId) : [];
      const avatars = await avatarUrlsOf(deps.auth);
      // Members share this workspace with the caller, so each avatar goes out as a fresh signed URL.
      const members = rows.map((row) =>
        presentMember({ ...row, avatar_url: avatars.present(row.user_id, row.avatar_url) }, actor, rows.length),
      );
      return c.json(
        { data: { members, pendingInvites: invites.map(presentInvite), currentUserRole: actor.role, policies } },
        200,
      );
    })
    .openapi(api.inviteUser, async (c) => {
      const actor = currentMembership(c);
      const { email, role } = c.req.valid('json');
      const invite = await inviteUser(
        { db, mailer, baseUrl: env.BASE_URL },
        { accountId: actor.accountId, actor, email, role },
      );
      return c.json({ success: true as const, data: presentInvite(invite) }, 201);
    })
    .openapi(api.removeUser, async (c) => {
      const actor = currentMembership(c);
      const { userId } = c.req.valid('query');
      const result = await removeMember(db, { accountId: actor.accountId, actorId: actor.userId, targetId: userId });
      return c.json({ success: true as const, data: result }, 200);
    })
    .openapi(api.cancelInvite, async (c) => {
      const actor = currentMembership(c);
      authorize(teamPolicy.cancelInvite, actor);
      const invite = await findInviteById(db, c.req.valid('query').inviteId);
      if (!invite || invite.account_id !== actor.accountId) throw notFound('Invitation not found');
      const cancelled = await cancelInvite(db, invite.id, new Date(), { expireNow: false });
      if (!cancelled) throw badRequest('This invitation is no longer pending');
      return c.json({ success: true as const }, 200);
    })
    .openapi(api.updateUserRole, async (c) => {
      const actor = currentMembership(c);
      const { userId, role } = c.req.valid('json');
      await updateMemberRole(db, { accountId: actor.accountId, actorId: actor.userId, targetId: userId, role });
      return c.json({ success: true as const }, 200);
    })
    .openapi(api.transferOwnership, async (c) => {
      const actor = currentMembership(c);
      const { currentOwnerId, newOwnerId, newOwnerRole } = c.req.valid('json');
      await transferOwnership(db, {
        accountId: actor.accountId,
        actorId: actor.userId,
        currentOwnerId,
        newOwnerId,
        newOwnerRole,
      });
      return c.json({ success: true as const }, 200);
    });
}
