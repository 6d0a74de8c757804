import { cn } from '@/lib/utils';

/**
 * The line under a field that has a limit: a note when the form cut or refused
 * something (announced politely: the live region stays in the page, empty), and
 * a counter once the field nears its limit; both red past it.
 */
export function FieldLimit({
  id,
  note,
  counter,
  over = false,
}: {
  id: string;
  note?: string | null;
  counter?: string | null;
  over?: boolean;
}) {
  return (
    // Empty, it stays in the page for screen readers (a live region must exist before it speaks) but takes no room.
    <div
      id={id}
      className={
        note || counter
          ? cn('flex justify-between gap-3 text-xs text-muted-foreground', over && 'text-destructive')
          : 'sr-only'
      }
    >
      <p aria-live="polite">{note}</p>
      {counter && <p className={cn('ml-auto shrink-0 tabular-nums', over && 'font-medium')}>{counter}</p>}
    </div>
  );
}
