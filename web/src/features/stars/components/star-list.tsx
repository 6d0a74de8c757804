import type { ReactNode } from 'react';

/** The grid the starred items sit in. */
export function StarList({ children }: { children: ReactNode }) {
  return (
    <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="starred-list">
      {children}
    </ol>
  );
}
