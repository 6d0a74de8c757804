import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';
import { useConnectionState, type ConnectionState } from '../lib/connection-state';

/** A reconnect this quick (a page load, a blip) is not worth a word; the dot still says it. */
const QUIET_MS = 1_500;

const looks: Record<ConnectionState, { dot: string; label: string; title: string }> = {
  connected: {
    dot: 'bg-emerald-500',
    label: 'Live',
    title: 'Connected: changes made by others appear as they happen',
  },
  reconnecting: {
    dot: 'bg-amber-500 animate-pulse',
    label: 'Reconnecting…',
    title: 'Reconnecting to Lore: changes made meanwhile appear once it is back',
  },
  disconnected: {
    dot: 'bg-muted-foreground/60',
    label: 'Offline',
    title: 'Cannot reach Lore: check your internet connection; it keeps trying',
  },
};

/** The connection state, quietly: a dot, and a word only while it is not connected. */
export function ConnectionIndicator() {
  const state = useConnectionState();
  // The state whose quiet moment has passed: only then does its word show.
  const [lasting, setLasting] = useState<ConnectionState>('connected');
  useEffect(() => {
    const timer = setTimeout(() => setLasting(state), QUIET_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const look = looks[state];
  const quiet = state === 'connected' || lasting !== state;
  return (
    <div
      role="status"
      data-testid="connection-status"
      data-state={state}
      title={look.title}
      className="flex items-center gap-1.5 rounded-full px-2 py-1 text-xs text-muted-foreground"
    >
      <span className={cn('size-2 rounded-full', look.dot)} aria-hidden="true" />
      <span className={cn(quiet && 'sr-only')}>{look.label}</span>
    </div>
  );
}
