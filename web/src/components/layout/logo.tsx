import { cn } from '@/lib/utils';

/** Lore's mark and name. */
export function Logo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M10 8h4v13h8v3H10z" fill="#fff" />
      </svg>
      {showName && <span className="text-lg">Lore</span>}
    </span>
  );
}
