import type { ReactNode } from 'react';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

/** The frame around signed-out and first-run pages: logo, theme toggle, a centred card. */
export function AuthLayout({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-accent/60 to-background">
      <header className="flex items-center justify-between px-6 py-4">
        <Logo />
        <div className="flex items-center gap-2">
          {aside}
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-[8vh]">
        <div className="w-full max-w-sm">{children}</div>
      </main>
      <footer className="px-6 py-4 text-center text-xs text-muted-foreground">Lore, your team's knowledge base</footer>
    </div>
  );
}
