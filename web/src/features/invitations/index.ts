/** Invitations to join a workspace, as the invited person sees them. */
export { InvitationsOrWelcome } from './components/invitations-or-welcome';
export { invitationsPages } from './lazy-pages';
