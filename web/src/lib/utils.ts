import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

let dateFormat: Intl.DateTimeFormat | undefined;

/** A date as en-GB shows it: day, short month, year (21 Nov 2026). */
export function formatDate(value: string | Date) {
  // One formatter for the page: toLocaleDateString builds a new one per call, a cost a list pays per card.
  dateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return dateFormat.format(new Date(value));
}
