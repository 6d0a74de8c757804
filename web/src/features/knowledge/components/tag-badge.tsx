import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A small rounded label for a tag or a count. */
export function TagBadge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center truncate rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground',
        className,
      )}
      {...props}
    />
  );
}
