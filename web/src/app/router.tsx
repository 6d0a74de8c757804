import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { RouteErrorScreen } from '@/components/layout/error-screen';
import { GlobalLoader } from '@/components/layout/global-loader';
import { accountsPages, loadAccountsPageData } from '@/features/accounts';
import { aiSearchPages } from '@/features/ai-search';
import { authPages, loadAuthPageData } from '@/features/auth';
import { helpPages } from '@/features/help';
import { invitationsPages } from '@/features/invitations';
import { knowledgePages, loadKnowledgePageData } from '@/features/knowledge';
import { notificationsPages } from '@/features/notifications';
import { sessionsPages } from '@/features/sessions';
import { usersPages } from '@/features/users';
import type { RouteHandle } from '@/lib/document-title';
import { sessionQuery } from '@/lib/session';
import { SignedInOnly, SignedOutOnly } from './guards';
import { ToAccounts, ToDashboard } from './redirects';
import { RootRoute } from './root-route';

/** A route's name in the browser's title (see lib/document-title.ts). */
const titled = (title: string, more: Omit<RouteHandle, 'title'> = {}): { handle: RouteHandle } => ({
  handle: { title, ...more },
});

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

/** How the routes are used: in the browser, or by the server rendering a page (entry-server.tsx). */
export interface RouteOptions {
  /** Told of each query a loader starts; the server waits for them all before it renders. */
  onData?: (loading: Promise<unknown>) => void;
}

/**
 * Every route of the product; the guards implement spec section 2's rules.
 * Each page is a lazy route: its code (and the libraries only it uses) loads
 * on first visit. Its loader starts the page's data at the same moment, so the
 * answers and the code come side by side rather than one after the other
 * (decision 20). `paths` in lib/paths.ts builds the addresses of these routes.
 */
export function createRoutes(queryClient: QueryClient, { onData }: RouteOptions = {}): RouteObject[] {
  const started = (loading: Promise<unknown>) => {
    onData?.(loading);
    return null;
  };
  /**
   * A loader that starts what `start` asks for once the session says someone is
   * signed in (and owes no two-factor code), and returns at once: the page never
   * waits for it, and shows its own loading state.
   */
  const startingData =
    (start: (args: LoaderFunctionArgs) => Promise<Promise<unknown>[]>) =>
    (args: LoaderFunctionArgs): null => {
      const startIfSignedIn = async () => {
        const session = await queryClient.ensureQueryData(sessionQuery);
        if (session && session.secondFactor !== 'pending') await Promise.allSettled(await start(args));
      };
      return started(startIfSignedIn().catch(() => {}));
    };
  const accountId = ({ params }: LoaderFunctionArgs) => params.accountId ?? '';
  /** The sign-in pages' first data (the buttons to show), for anyone: these pages are for the signed-out. */
  const signInData = () =>
    started(
      loadAuthPageData().then(
        (data) => Promise.allSettled(data.signIn(queryClient)),
        () => {},
      ),
    );

  return [
    {
      Component: RootRoute,
      // Who is signed in: every page's guard asks first.
      loader: () => started(queryClient.ensureQueryData(sessionQuery).catch(() => {})),
      errorElement: <RouteErrorScreen />,
      // Shown while the first page's code loads.
      HydrateFallback: GlobalLoader,
      children: [
        {
          element: <SignedOutOnly />,
          children: [
            {
              path: '/login',
              lazy: authPages.login,
              loader: signInData,
              ...titled('Sign in', { serverRendered: 'signed-out' }),
            },
            { path: '/signup', lazy: authPages.signup, loader: signInData, ...titled('Create account') },
          ],
        },
        { path: '/auth/callback', lazy: authPages.callback, ...titled('Signing in') },
        // The link in notification e-mails: for anyone, signed in or not (decision 38).
        { path: '/unsubscribe', lazy: notificationsPages.unsubscribe, ...titled('Unsubscribe') },
        {
          element: <SignedInOnly />,
          children: [
            { path: '/welcome', lazy: leadingToDashboard(accountsPages.welcome), ...titled('Welcome') },
            { path: '/accounts', lazy: leadingToDashboard(accountsRoute), ...titled('Workspaces') },
            { path: '/invitations', lazy: leadingToDashboard(invitationsPages.invitations), ...titled('Invitations') },
            {
              path: '/account/:accountId',
              lazy: accountsPages.layout,
              loader: startingData(async (args) => (await loadAccountsPageData()).layout(queryClient, accountId(args))),
              children: [
                { index: true, element: <ToDashboard /> },
                { path: 'dashboard', lazy: accountsPages.dashboard, ...titled('Dashboard') },
                { path: 'users', lazy: usersPages.users, ...titled('Users') },
                {
                  path: 'knowledge',
                  lazy: knowledgePages.list,
                  loader: startingData(async (args) =>
                    (await loadKnowledgePageData()).list(
                      queryClient,
                      accountId(args),
                      new URL(args.request.url).searchParams,
                    ),
                  ),
                  ...titled('Knowledge', { scrollByAddress: true, serverRendered: 'signed-in' }),
                },
                { path: 'knowledge/create', lazy: knowledgePages.create, ...titled('New knowledge') },
                {
                  path: 'knowledge/edit/:knowledgeId',
                  lazy: knowledgePages.edit,
                  ...titled('Edit knowledge', { namesItself: true }),
                },
                {
                  path: 'knowledge/history/:knowledgeId',
                  lazy: knowledgePages.history,
                  ...titled('History', { namesItself: true }),
                },
                {
                  path: 'knowledge/:knowledgeId',
                  lazy: knowledgePages.article,
                  loader: startingData(async (args) =>
                    (await loadKnowledgePageData()).article(
                      queryClient,
                      accountId(args),
                      args.params.knowledgeId ?? '',
                    ),
                  ),
                  ...titled('Knowledge', { namesItself: true, serverRendered: 'signed-in' }),
                },
                { path: 'ai-search', lazy: aiSearchPages.search, ...titled('AI Search') },
                { path: 'settings', lazy: accountsPages.settings, ...titled('Settings') },
                { path: 'sessions', lazy: sessionsPages.sessions, ...titled('Sessions') },
                { path: 'help', lazy: helpPages.help, ...titled('Help') },
                { path: '*', element: <ToDashboard /> },
              ],
            },
            { path: '*', element: <ToAccounts /> },
          ],
        },
      ],
    },
  ];
}
