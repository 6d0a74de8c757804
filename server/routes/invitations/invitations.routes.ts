import * as api from '../../../common/api/invitations';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentUser } from '../../auth/guards';
import {
  acceptInvitation,
  declineInvitation,
  inviteProblem,
  resolveInvite,
} from '../../commands/respond-to-invitation';
import { listLiveInvitesForEmail } from '../../data/pending-invites';
import { AppError, forbidden } from '../../errors';
import { presentMyInvite } from '../../presenters/member-presenter';

/** The invitee's side: their invitations, accept (spec path) and decline. */
export function invitationsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter(deps)
    .openapi(api.listMyInvitations, async (c) => {
      const user = currentUser(c);
      const { token } = c.req.valid('query');
      const now = new Date();
      const invitations = await listLiveInvitesForEmail(db, user.email.toLowerCase(), now);
      // A token from an e-mail link says which invitation brought the user here, or why it cannot be used.
      let tokenInviteId: string | null = null;
      let tokenError: string | null = null;
      if (token) {
        try {
          const invite = await resolveInvite(db, { token }, user);
          tokenInviteId = invite.id;
          tokenError = inviteProblem(invite, now);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          tokenError = error.message;
        }
      }
      return c.json({ data: { invitations: invitations.map(presentMyInvite), tokenInviteId, tokenError } }, 200);
    })
    .openapi(api.acceptInvitation, async (c) => {
      const user = currentUser(c);
      const { userId, ...reference } = c.req.valid('json');
      if (userId !== user.id) throw forbidden('You can only accept invitations for yourself');
      return c.json({ success: true as const, data: await acceptInvitation(db, reference, user) }, 200);
    })
    .openapi(api.declineInvitation, async (c) => {
      await declineInvitation(db, c.req.valid('json'), currentUser(c));
      return c.json({ success: true as const }, 200);
    });
}
