/** The members of a workspace and its pending invitations. */
export { usersPages } from './lazy-pages';
