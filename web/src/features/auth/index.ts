/** Sign-in (e-mail link, Google, Apple), sign-up and sign-out. */
export { useSignOut } from './api/use-sign-out';
export { SignOutButton } from './components/sign-out-button';
export { authPages, loadAuthPageData } from './lazy-pages';
