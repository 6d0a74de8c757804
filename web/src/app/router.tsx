import { BookOpen, FilePlus2, LifeBuoy, MonitorSmartphone, Sparkles } from 'lucide-react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ComingSoon } from '@/components/layout/coming-soon';
import { RouteErrorScreen } from '@/components/layout/error-screen';
import { AccountLayout, ToDashboard } from '@/features/accounts/components/account-layout';
import { AccountsPage } from '@/features/accounts/pages/accounts-page';
import { DashboardPage } from '@/features/accounts/pages/dashboard-page';
import { SettingsPage } from '@/features/accounts/pages/settings-page';
import { WelcomePage } from '@/features/accounts/pages/welcome-page';
import { AuthCallbackPage } from '@/features/auth/pages/auth-callback-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { SignupPage } from '@/features/auth/pages/signup-page';
import { InvitationsPage } from '@/features/invitations/pages/invitations-page';
import { UsersPage } from '@/features/users/pages/users-page';
import { SignedInOnly, SignedOutOnly } from './guards';

const soon = (title: string, icon: typeof BookOpen, description: string) => <ComingSoon title={title} icon={icon} description={description} />;

/** Every route of the product; the guards implement spec section 2's rules. */
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <SignedOutOnly />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignupPage /> },
        ],
      },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      {
        element: <SignedInOnly />,
        children: [
          { path: '/welcome', element: <WelcomePage /> },
          { path: '/accounts', element: <AccountsPage /> },
          { path: '/invitations', element: <InvitationsPage /> },
          {
            path: '/account/:accountId',
            element: <AccountLayout />,
            children: [
              { index: true, element: <ToDashboard /> },
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'users', element: <UsersPage /> },
              { path: 'knowledge', element: soon('Knowledge', BookOpen, 'Write, tag, browse and star your team\'s articles here.') },
              { path: 'knowledge/create', element: soon('New knowledge', FilePlus2, 'The editor for new articles is on its way.') },
              { path: 'knowledge/edit/:knowledgeId', element: soon('Edit knowledge', FilePlus2, 'The editor for articles is on its way.') },
              { path: 'knowledge/:knowledgeId', element: soon('Knowledge', BookOpen, 'Articles will open here.') },
              { path: 'ai-search', element: soon('AI Search', Sparkles, 'Ask a question and get an answer drawn from your workspace.') },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'sessions', element: soon('Sessions', MonitorSmartphone, 'See where you are signed in and sign out other devices.') },
              { path: 'help', element: soon('Help', LifeBuoy, 'Guides on writing, tagging, searching and starring.') },
              { path: '*', element: <ToDashboard /> },
            ],
          },
          { path: '*', element: <Navigate to="/accounts" replace /> },
        ],
      },
    ],
  },
]);
