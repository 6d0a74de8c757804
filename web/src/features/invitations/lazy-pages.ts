/** The feature's pages as lazy routes: each loads, in its own chunk, on first visit. */
export const invitationsPages = {
  invitations: () => import('./pages/invitations-page').then((m) => ({ Component: m.InvitationsPage })),
  /** What /accounts shows someone without a workspace: their invitations, or the welcome page. */
  orWelcome: () => import('./components/invitations-or-welcome').then((m) => m.InvitationsOrWelcome),
};
