import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { StarDto } from '@common/stars';
import { useReorderStars } from '../api/star-mutations';
import { SortableStar } from './sortable-star';
import { StarList } from './star-list';

type Titled = { data: { current?: { title?: string } } } | null;
const titleOf = (node: Titled) => node?.data.current?.title ?? 'the item';

/** What screen readers hear while a star moves. */
const announcements = {
  onDragStart: ({ active }: { active: Titled }) =>
    `Picked up ${titleOf(active)}. Use the arrow keys to move it, Space to drop it.`,
  onDragOver: ({ active, over }: { active: Titled; over: Titled }) =>
    over ? `${titleOf(active)} is now over ${titleOf(over)}.` : `${titleOf(active)} is no longer over a place.`,
  onDragEnd: ({ active, over }: { active: Titled; over: Titled }) =>
    over ? `Dropped ${titleOf(active)} at the place of ${titleOf(over)}.` : `Dropped ${titleOf(active)}.`,
  onDragCancel: ({ active }: { active: Titled }) => `Moving ${titleOf(active)} was cancelled.`,
};

/** The starred items, reorderable by dragging or by keyboard (Space, arrows, Space); dnd-kit lives in this module's chunk. */
export function SortableStarList({ accountId, list }: { accountId: string; list: StarDto[] }) {
  const reorder = useReorderStars(accountId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.findIndex((star) => star.knowledge_id === active.id);
    const to = list.findIndex((star) => star.knowledge_id === over.id);
    reorder.mutate(arrayMove(list, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={list.map((star) => star.knowledge_id)} strategy={rectSortingStrategy}>
        <StarList>
          {list.map((star) => (
            <SortableStar key={star.knowledge_id} accountId={accountId} star={star} />
          ))}
        </StarList>
      </SortableContext>
    </DndContext>
  );
}
