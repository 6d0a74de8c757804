/** The feature's page as a lazy route: the unsubscribe page loads, in its own chunk, on first visit. */
export const notificationsPages = {
  unsubscribe: () => import('./pages/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })),
};
