import { useSyncExternalStore } from 'react';

/** Spec section 4, "Connection": whether this tab hears the server's live changes. */
export type ConnectionState = 'connected' | 'reconnecting' | 'disconnected';

type Listener = (state: ConnectionState) => void;
const listeners = new Set<Listener>();
let current: ConnectionState = 'reconnecting';

/** The tab's connection state, as the live connection last reported it. */
export const connectionState = () => current;

/** Reports a new state to everything in the page that listens (the indicator, the AI search's offline banner). */
export function setConnectionState(next: ConnectionState): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener(next);
}

/** Listens for connected, reconnecting and disconnected; returns the unsubscribe. */
export function onConnectionState(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The connection state, re-rendering when it changes. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(onConnectionState, connectionState, connectionState);
}
