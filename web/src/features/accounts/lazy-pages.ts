/** The feature's pages (and the account layout) as lazy routes: each loads, in its own chunk, on first visit. */
export const accountsPages = {
  accounts: () => import('./pages/accounts-page'),
  welcome: () => import('./pages/welcome-page').then((m) => ({ Component: m.WelcomePage })),
  layout: () => import('./components/account-layout').then((m) => ({ Component: m.AccountLayout })),
  dashboard: () => import('./pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  settings: () => import('./pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
};

/** What the workspace shell asks for first (page-data.ts): loaded beside its code, and kept, with zod, out of the first load. */
export const loadAccountsPageData = () => import('./page-data').then((m) => m.accountsPageData);
