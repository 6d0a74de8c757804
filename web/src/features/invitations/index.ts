/** Invitations to join a workspace, as the invited person sees them. */
export { invitationsPages } from './lazy-pages';
