/** The feature's pages as lazy routes: each loads, in its own chunk, on first visit. */
export const helpPages = {
  help: () => import('./help-page').then((m) => ({ Component: m.HelpPage })),
};
