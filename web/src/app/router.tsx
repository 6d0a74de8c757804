import { BookOpen, MonitorSmartphone, Sparkles } from 'lucide-react';
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
import { HelpPage } from '@/features/help/help-page';
import { InvitationsPage } from '@/features/invitations/pages/invitations-page';
import { KnowledgeArticlePage } from '@/features/knowledge/pages/knowledge-article-page';
import { KnowledgeCreatePage } from '@/features/knowledge/pages/knowledge-create-page';
import { KnowledgeEditPage } from '@/features/knowledge/pages/knowledge-edit-page';
import { KnowledgeListPage } from '@/features/knowledge/pages/knowledge-list-page';
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
              { path: 'knowledge', element: <KnowledgeListPage /> },
              { path: 'knowledge/create', element: <KnowledgeCreatePage /> },
              { path: 'knowledge/edit/:knowledgeId', element: <KnowledgeEditPage /> },
              { path: 'knowledge/:knowledgeId', element: <KnowledgeArticlePage /> },
              { path: 'ai-search', element: soon('AI Search', Sparkles, 'Ask a question and get an answer drawn from your workspace.') },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'sessions', element: soon('Sessions', MonitorSmartphone, 'See where you are signed in and sign out other devices.') },
              { path: 'help', element: <HelpPage /> },
              { path: '*', element: <ToDashboard /> },
            ],
          },
          { path: '*', element: <Navigate to="/accounts" replace /> },
        ],
      },
    ],
  },
]);
