import { BookOpen, LayoutDashboard, LifeBuoy, MonitorSmartphone, Settings, Sparkles, Users } from 'lucide-react';
import type { AccountPaths } from '@/lib/paths';

/** The sections of an account, in sidebar order. */
export const navItems = [
  { to: (account: AccountPaths) => account.dashboard(), label: 'Dashboard', icon: LayoutDashboard },
  { to: (account: AccountPaths) => account.knowledge(), label: 'Knowledge', icon: BookOpen },
  { to: (account: AccountPaths) => account.aiSearch(), label: 'AI Search', icon: Sparkles },
  { to: (account: AccountPaths) => account.users(), label: 'Users', icon: Users },
  { to: (account: AccountPaths) => account.sessions(), label: 'Sessions', icon: MonitorSmartphone },
  { to: (account: AccountPaths) => account.settings(), label: 'Settings', icon: Settings },
  { to: (account: AccountPaths) => account.help(), label: 'Help', icon: LifeBuoy },
] as const;
