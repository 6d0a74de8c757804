import { Hono } from 'hono';
import { z } from 'zod';
import { acceptInvitationSchema, inviteReferenceSchema } from '../../../common/members';
import type { AppDeps, AppEnv } from '../../app-env';
import { currentUser, requireUser } from '../../auth/session-middleware';
import { acceptInvitation, declineInvitation, inviteProblem, resolveInvite } from '../../commands/respond-to-invitation';
import { listLiveInvitesForEmail } from '../../data/pending-invites';
import { AppError, forbidden } from '../../errors';
import { presentInvite } from '../../presenters/member-presenter';
import { parseInput, readJson } from '../../validation';

const listQuerySchema = z.object({ token: z.string().min(1).max(200).optional() });

/** The invitee's side: their invitations, accept (spec path) and decline. */
export function invitationsRoutes({ database: { db } }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/invitations', requireUser, async (c) => {
      const user = currentUser(c);
      const { token } = parseInput(listQuerySchema, c.req.query());
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
      return c.json({ data: { invitations: invitations.map(presentInvite), tokenInviteId, tokenError } });
    })
    .post('/acceptInvitation', requireUser, async (c) => {
      const user = currentUser(c);
      const { userId, ...reference } = parseInput(acceptInvitationSchema, await readJson(c));
      if (userId !== user.id) throw forbidden('You can only accept invitations for yourself');
      const data = await acceptInvitation(db, reference, user);
      return c.json({ success: true, data });
    })
    .post('/declineInvitation', requireUser, async (c) => {
      const reference = parseInput(inviteReferenceSchema, await readJson(c));
      await declineInvitation(db, reference, currentUser(c));
      return c.json({ success: true });
    });
}
