import { BookOpen, LayoutDashboard, LifeBuoy, MonitorSmartphone, Settings, Sparkles, Users } from 'lucide-react';

/** The sections of an account, in sidebar order. */
export const navItems = [
  { path: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { path: 'knowledge', label: 'Knowledge', icon: BookOpen },
  { path: 'ai-search', label: 'AI Search', icon: Sparkles },
  { path: 'users', label: 'Users', icon: Users },
  { path: 'sessions', label: 'Sessions', icon: MonitorSmartphone },
  { path: 'settings', label: 'Settings', icon: Settings },
  { path: 'help', label: 'Help', icon: LifeBuoy },
] as const;
