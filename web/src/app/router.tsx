import type { RouteObject } from 'react-router';
import { RouteErrorScreen } from '@/components/layout/error-screen';
import { GlobalLoader } from '@/components/layout/global-loader';
import { accountsPages } from '@/features/accounts';
import { aiSearchPages } from '@/features/ai-search';
import { authPages } from '@/features/auth';
import { helpPages } from '@/features/help';
import { invitationsPages } from '@/features/invitations';
import { knowledgePages } from '@/features/knowledge';
import { sessionsPages } from '@/features/sessions';
import { usersPages } from '@/features/users';
import { SignedInOnly, SignedOutOnly } from './guards';
import { ToAccounts, ToDashboard } from './redirects';

/**
 * For pages that lead into a workspace (choosing, creating or joining one):
 * loads the page and, alongside, the code of the workspace shell and its
 * dashboard, so going on to it does not wait for that code.
 */
const leadingToDashboard =
  <T,>(page: () => Promise<T>) =>
  () => {
    for (const next of [accountsPages.layout, accountsPages.dashboard]) next().catch(() => {});
    return page();
  };

/** /accounts: the selector; someone without a workspace goes on to their invitations, or to /welcome. */
async function accountsRoute() {
  const [{ AccountsPage }, InvitationsOrWelcome] = await Promise.all([
    accountsPages.accounts(),
    invitationsPages.orWelcome(),
  ]);
  return { Component: () => <AccountsPage whenEmpty={<InvitationsOrWelcome />} /> };
}

/**
 * Every route of the product; the guards implement spec section 2's rules.
 * Each page is a lazy route: its code (and the libraries only it uses) loads
 * on first visit. `paths` in lib/paths.ts builds the addresses of these routes.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    // Shown while the first page's code loads.
    HydrateFallback: GlobalLoader,
    children: [
      {
        element: <SignedOutOnly />,
        children: [
          { path: '/login', lazy: authPages.login },
          { path: '/signup', lazy: authPages.signup },
        ],
      },
      { path: '/auth/callback', lazy: authPages.callback },
      {
        element: <SignedInOnly />,
        children: [
          { path: '/welcome', lazy: leadingToDashboard(accountsPages.welcome) },
          { path: '/accounts', lazy: leadingToDashboard(accountsRoute) },
          { path: '/invitations', lazy: leadingToDashboard(invitationsPages.invitations) },
          {
            path: '/account/:accountId',
            lazy: accountsPages.layout,
            children: [
              { index: true, element: <ToDashboard /> },
              { path: 'dashboard', lazy: accountsPages.dashboard },
              { path: 'users', lazy: usersPages.users },
              { path: 'knowledge', lazy: knowledgePages.list },
              { path: 'knowledge/create', lazy: knowledgePages.create },
              { path: 'knowledge/edit/:knowledgeId', lazy: knowledgePages.edit },
              { path: 'knowledge/:knowledgeId', lazy: knowledgePages.article },
              { path: 'ai-search', lazy: aiSearchPages.search },
              { path: 'settings', lazy: accountsPages.settings },
              { path: 'sessions', lazy: sessionsPages.sessions },
              { path: 'help', lazy: helpPages.help },
              { path: '*', element: <ToDashboard /> },
            ],
          },
          { path: '*', element: <ToAccounts /> },
        ],
      },
    ],
  },
];
