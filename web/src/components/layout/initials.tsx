import { initialsOf } from '@/lib/initials';
import { cn } from '@/lib/utils';

/** A round badge with the first letters of a name. */
export function Initials({ name, className }: { name: string; className?: string }) {
  const letters = initialsOf(name);
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
