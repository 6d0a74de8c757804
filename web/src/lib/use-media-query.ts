import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, kept current as the window changes; on the server (and hydrating), no. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `sm` breakpoint: wider than a phone held upright. */
export const WIDER_THAN_PHONE = '(min-width: 640px)';
