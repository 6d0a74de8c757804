import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server, and while the browser takes over a page the server drew; true
 * right after (and from the start on a page the browser draws itself). For a control
 * that works only once the page's code runs: until then it is drawn inert, not ready-looking.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
