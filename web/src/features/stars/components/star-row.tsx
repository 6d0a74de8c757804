import { GripVertical } from 'lucide-react';
import type { ComponentProps, CSSProperties, Ref } from 'react';
import { Link } from 'react-router';
import type { StarDto } from '@common/stars';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** How a starred item looks: a drag handle and the item's title, linking to it. The sortable list wires the handle. */
export function StarRow({
  accountId,
  star,
  ref,
  handle,
  style,
  dragging = false,
}: {
  accountId: string;
  star: StarDto;
  ref?: Ref<HTMLLIElement>;
  /** The sortable list's attributes, listeners and ref for the handle. */
  handle?: ComponentProps<'button'>;
  style?: CSSProperties;
  dragging?: boolean;
}) {
  return (
    <li
      ref={ref}
      style={style}
      className={cn(
        'flex items-center gap-1 rounded-lg border bg-background pr-3 text-sm',
        dragging && 'relative z-10 shadow-lg ring-2 ring-ring',
      )}
    >
      <button
        type="button"
        className="flex h-9 cursor-grab touch-none items-center px-2 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-l-lg"
        aria-label={`Reorder ${star.title}`}
        // Until the sortable list's code has loaded, the handle is there but does nothing yet.
        aria-disabled
        {...handle}
      >
        <GripVertical className="size-4" />
      </button>
      <Link
        to={paths.account(accountId).article(star.short_id)}
        className="min-w-0 flex-1 truncate py-2 font-medium hover:underline"
      >
        {star.title}
      </Link>
    </li>
  );
}
