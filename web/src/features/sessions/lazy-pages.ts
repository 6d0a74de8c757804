/** The feature's pages as lazy routes: each loads, in its own chunk, on first visit. */
export const sessionsPages = {
  sessions: () => import('./pages/sessions-page').then((m) => ({ Component: m.SessionsPage })),
};
