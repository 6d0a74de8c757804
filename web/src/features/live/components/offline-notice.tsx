import { WifiOff } from 'lucide-react';
import { useConnectionState } from '../lib/connection-state';

/** Spec section 2's offline text (the AI search's banner says the same). */
export const OFFLINE_MESSAGE = 'You appear to be offline. Check your internet connection.';

/** Whether the tab is cut off: the browser offline, or Lore out of reach for several tries (features/live). */
export function useOffline(): boolean {
  return useConnectionState() === 'disconnected';
}

/** The offline text, where a page's content would be (issue 30): what the page already had stays beside it. */
export function OfflineNotice() {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-300"
      data-testid="offline-notice"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      {OFFLINE_MESSAGE}
    </div>
  );
}
