import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { Link } from 'react-router';
import type { StarDto } from '@common/stars';
import { cn } from '@/lib/utils';

/** One starred item with a drag handle that also works from the keyboard. */
export function SortableStar({ accountId, star }: { accountId: string; star: StarDto }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    // Keyed by item, so the star's server id replacing its optimistic one does not interrupt a drag.
    id: star.knowledge_id,
    data: { title: star.title },
    disabled: star.id.startsWith('pending-'),
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn('flex items-center gap-1 rounded-lg border bg-background pr-3 text-sm', isDragging && 'relative z-10 shadow-lg ring-2 ring-ring')}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="flex h-9 cursor-grab touch-none items-center px-2 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-l-lg"
        aria-label={`Reorder ${star.title}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical className="size-4" />
      </button>
      <Link to={`/account/${accountId}/knowledge/${star.short_id}`} className="min-w-0 flex-1 truncate py-2 font-medium hover:underline">
        {star.title}
      </Link>
    </li>
  );
}
