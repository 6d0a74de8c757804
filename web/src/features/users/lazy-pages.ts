/** The feature's pages as lazy routes: each loads, in its own chunk, on first visit. */
export const usersPages = {
  users: () => import('./pages/users-page').then((m) => ({ Component: m.UsersPage })),
};
