import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** en-GB's short month names (September is "Sept"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * A date as en-GB shows it, in the local time zone: day, short month, year (21 Nov 2026).
 * Not Intl.DateTimeFormat: the page's first Intl call loads the locale's data, 35 to 90 ms
 * of the list's first render on a fast machine, several times that on a phone.
 */
export function formatDate(value: string | Date) {
  const date = new Date(value);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** formatDate in UTC: what the server, which knows no reader's time zone, draws (lib/use-format-date.ts). */
export function formatDateUtc(value: string | Date) {
  const date = new Date(value);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
