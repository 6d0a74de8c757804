import { WifiOff } from 'lucide-react';
import { AI_SEARCH_MESSAGES } from '../lib/messages';

/** Spec section 2: shown while the tab is disconnected (the browser offline, or Lore out of reach). */
export function OfflineBanner() {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-300"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      {AI_SEARCH_MESSAGES.offline}
    </div>
  );
}
