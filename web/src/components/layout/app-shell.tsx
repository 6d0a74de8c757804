import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { ServerBusyBanner } from './server-busy';
import { navItems } from './nav-items';
import { ThemeToggle } from './theme-toggle';

/** What the shell shows around the page; the account feature composes it. */
export interface AppShellProps {
  accountId: string;
  /** Top of the sidebar: the current workspace and a way to switch. */
  accountSwitcher: ReactNode;
  /** Bottom of the sidebar: the signed-in person. */
  userMenu: ReactNode;
  /** Under the sections, scrolling on its own: the workspace's collections and their pages. */
  tree?: ReactNode;
  /** In the header, before the theme toggle: the connection state. */
  status?: ReactNode;
  children: ReactNode;
}

function Sidebar({ accountId, accountSwitcher, userMenu, tree }: Omit<AppShellProps, 'children'>) {
  const account = paths.account(accountId);
  return (
    <div className="flex h-full flex-col gap-2 p-3">
      {accountSwitcher}
      <nav aria-label="Main" className={cn('mt-2 flex flex-col gap-0.5', !tree && 'flex-1')}>
        {navItems.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={label}
            to={to(account)}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive && 'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground',
              )
            }
          >
            <Icon className="size-4" /> {label}
          </NavLink>
        ))}
      </nav>
      {tree && <div className="-mx-1 min-h-0 flex-1 overflow-y-auto border-t px-1 pt-1">{tree}</div>}
      {userMenu}
    </div>
  );
}

/** The signed-in frame: sidebar (a drawer on phones), header with the theme toggle, and the page. */
export function AppShell({ children, status, ...sidebar }: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  // Going to another page closes the drawer: adjust the state while rendering, not in an effect after it.
  const [drawerPathname, setDrawerPathname] = useState(pathname);
  if (pathname !== drawerPathname) {
    setDrawerPathname(pathname);
    setDrawerOpen(false);
  }

  return (
    <div className="flex min-h-dvh">
      <aside className="hidden w-64 shrink-0 border-r bg-sidebar md:block">
        <div className="sticky top-0 h-dvh">
          <Sidebar {...sidebar} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur">
          <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogPrimitive.Trigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu />
              </Button>
            </DialogPrimitive.Trigger>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
              <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-72 border-r bg-sidebar shadow-xl md:hidden">
                <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
                <DialogPrimitive.Description className="sr-only">Workspace navigation</DialogPrimitive.Description>
                <DialogPrimitive.Close
                  className="absolute right-3 top-3 rounded-sm p-1 opacity-70 hover:opacity-100"
                  aria-label="Close menu"
                >
                  <X className="size-4" />
                </DialogPrimitive.Close>
                <div className="h-full pt-8">
                  <Sidebar {...sidebar} />
                </div>
              </DialogPrimitive.Content>
            </DialogPrimitive.Portal>
          </DialogPrimitive.Root>
          <Logo className="md:hidden" />
          <div className="ml-auto flex items-center gap-1">
            {status}
            <ThemeToggle />
          </div>
        </header>
        <ServerBusyBanner />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8">{children}</main>
      </div>
    </div>
  );
}
