import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { StarDto } from '@common/stars';
import { StarRow } from './star-row';

/** One starred item with a drag handle that also works from the keyboard. */
export function SortableStar({ accountId, star }: { accountId: string; star: StarDto }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    // Keyed by item, so the star's server id replacing its optimistic one does not interrupt a drag.
    id: star.knowledge_id,
    data: { title: star.title },
    disabled: star.id.startsWith('pending-'),
  });
  return (
    <StarRow
      accountId={accountId}
      star={star}
      ref={setNodeRef}
      handle={{ ref: setActivatorNodeRef, ...attributes, ...listeners }}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      dragging={isDragging}
    />
  );
}
