/** Login sessions: this browser's session kept alive, and the page listing where one is signed in. */
export { useLoginSession } from './hooks/use-login-session';
export { sessionsPages } from './lazy-pages';
