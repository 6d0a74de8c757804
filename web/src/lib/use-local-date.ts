import { useSyncExternalStore } from 'react';
import { formatDate, formatDateUtc } from './utils';

const never = () => () => {};

/**
 * A date as formatDate writes it, in the reader's time zone, for what a page the
 * server draws shows (decision 25). The server knows no reader's time zone, so it
 * draws the date in UTC, and the page is hydrated so; where the reader's own date
 * differs, it follows at once. Elsewhere it is the reader's from the start.
 */
export function useLocalDate(value: string): string {
  return useSyncExternalStore(
    never,
    () => formatDate(value),
    () => formatDateUtc(value),
  );
}
