import { Hono } from 'hono';
import {
  cancelInviteQuerySchema,
  inviteUserSchema,
  removeUserQuerySchema,
  transferOwnershipSchema,
  updateUserRoleSchema,
} from '../../../common/members';
import { accountIdQuerySchema } from '../../../common/accounts';
import type { AppDeps, AppEnv } from '../../app-env';
import { loadMembership } from '../../auth/membership-middleware';
import { currentUser, requireUser } from '../../auth/session-middleware';
import { inviteUser } from '../../commands/invite-user';
import { removeMember, transferOwnership, updateMemberRole } from '../../commands/manage-members';
import { listMembersWithProfiles } from '../../data/account-members';
import { cancelInvite, findInviteById, listOpenInvitesForAccount } from '../../data/pending-invites';
import { badRequest, forbidden, notFound } from '../../errors';
import { memberPolicy } from '../../policies/member-policy';
import { presentInvite, presentMember } from '../../presenters/member-presenter';
import { parseInput, readJson } from '../../validation';

/** The spec's own-backend endpoints for the users page, at their exact paths under /api. */
export function usersRoutes({ database: { db }, mailer, env }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/getAccountUsers', requireUser, async (c) => {
      const { accountId } = parseInput(accountIdQuerySchema, c.req.query());
      const actor = await loadMembership(db, accountId, currentUser(c).id);
      const rows = await listMembersWithProfiles(db, accountId);
      const invites = memberPolicy.viewInvites(actor.role) ? await listOpenInvitesForAccount(db, accountId) : [];
      return c.json({
        data: {
          members: rows.map((row) => presentMember(row, actor, rows.length)),
          pendingInvites: invites.map(presentInvite),
          currentUserRole: actor.role,
          policies: {
            invite: memberPolicy.invite(actor.role),
            inviteAsAdmin: memberPolicy.inviteAsAdmin(actor.role),
            cancelInvite: memberPolicy.cancelInvite(actor.role),
            transferOwnership: memberPolicy.transferOwnership(actor.role),
          },
        },
      });
    })
    .post('/inviteUser', requireUser, async (c) => {
      const input = parseInput(inviteUserSchema, await readJson(c));
      const actor = await loadMembership(db, input.accountId, currentUser(c).id);
      const invite = await inviteUser(
        { db, mailer, baseUrl: env.BASE_URL },
        { accountId: input.accountId, actor, email: input.email, role: input.role },
      );
      return c.json({ success: true, data: presentInvite(invite) }, 201);
    })
    .delete('/removeUser', requireUser, async (c) => {
      const input = parseInput(removeUserQuerySchema, c.req.query());
      const actor = await loadMembership(db, input.accountId, currentUser(c).id);
      const result = await removeMember(db, { accountId: input.accountId, actorId: actor.userId, targetId: input.userId });
      return c.json({ success: true, data: result });
    })
    .delete('/cancelInvite', requireUser, async (c) => {
      const input = parseInput(cancelInviteQuerySchema, c.req.query());
      const actor = await loadMembership(db, input.accountId, currentUser(c).id);
      if (!memberPolicy.cancelInvite(actor.role)) throw forbidden('Permission denied');
      const invite = await findInviteById(db, input.inviteId);
      if (!invite || invite.account_id !== input.accountId) throw notFound('Invitation not found');
      if (invite.accepted_at || invite.cancelled_invite) throw badRequest('This invitation is no longer pending');
      await cancelInvite(db, invite.id, new Date(), { expireNow: false });
      return c.json({ success: true });
    })
    .put('/updateUserRole', requireUser, async (c) => {
      const input = parseInput(updateUserRoleSchema, await readJson(c));
      const actor = await loadMembership(db, input.accountId, currentUser(c).id);
      await updateMemberRole(db, { accountId: input.accountId, actorId: actor.userId, targetId: input.userId, role: input.role });
      return c.json({ success: true });
    })
    .put('/transferOwnership', requireUser, async (c) => {
      const input = parseInput(transferOwnershipSchema, await readJson(c));
      const actor = await loadMembership(db, input.accountId, currentUser(c).id);
      await transferOwnership(db, { ...input, actorId: actor.userId });
      return c.json({ success: true });
    });
}
