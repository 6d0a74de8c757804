import type { CollectionColor } from '@common/collections';
import { cn } from '@/lib/utils';

/** Each colour's dot (Tailwind's palette at a strength that reads on light and dark). */
const DOTS: Record<CollectionColor, string> = {
  slate: 'bg-slate-500',
  red: 'bg-red-500',
  amber: 'bg-amber-500',
  green: 'bg-green-600',
  teal: 'bg-teal-500',
  blue: 'bg-blue-500',
  violet: 'bg-violet-500',
  pink: 'bg-pink-500',
};

/** The classes of a collection's colour dot; a plain outline without a colour. */
export const colorDot = (color: CollectionColor | null) =>
  cn('size-2.5 shrink-0 rounded-full', color ? DOTS[color] : 'border border-muted-foreground/60');

/** The colours' names as the picker says them. */
export const COLOR_NAMES: Record<CollectionColor, string> = {
  slate: 'Slate',
  red: 'Red',
  amber: 'Amber',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  violet: 'Violet',
  pink: 'Pink',
};
