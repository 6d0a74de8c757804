import { RefreshCw } from 'lucide-react';

/** 'Updating content': shown while changes made elsewhere are fetched. */
export function UpdatingPill() {
  return (
    <div
      role="status"
      data-testid="updating-content"
      className="pointer-events-none fixed bottom-6 left-1/2 z-40 flex -translate-x-1/2 items-center gap-2 rounded-full border bg-background/95 px-3 py-1.5 text-xs font-medium text-muted-foreground shadow-md backdrop-blur"
    >
      <RefreshCw className="size-3.5 animate-spin" aria-hidden="true" />
      Updating content
    </div>
  );
}
