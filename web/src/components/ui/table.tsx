import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A bordered table that scrolls sideways on narrow screens, with a header row of column names. */
export function Table({
  columns,
  minWidth,
  children,
}: {
  columns: Array<{ label: string; align?: 'right' }>;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <table className="w-full text-sm" style={{ minWidth }}>
        <thead className="bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map(({ label, align }) => (
              <th key={label} className={cn('px-4 py-3 font-medium', align === 'right' && 'text-right')}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}
