import { cn } from '@/lib/utils';

/** A round badge with the first letters of a name. */
export function Initials({ name, className }: { name: string; className?: string }) {
  const letters = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-xs font-semibold text-accent-foreground',
        className,
      )}
    >
      {letters || '?'}
    </span>
  );
}
