import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useReorderStars } from '../api/star-mutations';
import { starsQuery } from '../api/stars-queries';
import { SortableStar } from './sortable-star';

type Titled = { data: { current?: { title?: string } } } | null;
const titleOf = (node: Titled) => node?.data.current?.title ?? 'the item';

/** What screen readers hear while a star moves. */
const announcements = {
  onDragStart: ({ active }: { active: Titled }) => `Picked up ${titleOf(active)}. Use the arrow keys to move it, Space to drop it.`,
  onDragOver: ({ active, over }: { active: Titled; over: Titled }) => (over ? `${titleOf(active)} is now over ${titleOf(over)}.` : `${titleOf(active)} is no longer over a place.`),
  onDragEnd: ({ active, over }: { active: Titled; over: Titled }) => (over ? `Dropped ${titleOf(active)} at the place of ${titleOf(over)}.` : `Dropped ${titleOf(active)}.`),
  onDragCancel: ({ active }: { active: Titled }) => `Moving ${titleOf(active)} was cancelled.`,
};

/** The caller's starred items, reorderable by dragging or by keyboard (Space, arrows, Space). */
export function StarredSection({ accountId }: { accountId: string }) {
  const stars = useQuery(starsQuery(accountId));
  const reorder = useReorderStars(accountId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const list = stars.data ?? [];
  if (list.length === 0) return null;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.findIndex((star) => star.knowledge_id === active.id);
    const to = list.findIndex((star) => star.knowledge_id === over.id);
    reorder.mutate(arrayMove(list, from, to));
  };

  return (
    <section aria-labelledby="starred-heading" className="mb-8 rounded-xl border bg-card p-4">
      <div className="mb-3 flex items-center gap-2">
        <Star className="size-4 fill-amber-400 text-amber-400" />
        <h2 id="starred-heading" className="text-sm font-semibold">Starred</h2>
        <span className="text-xs text-muted-foreground">Drag, or focus a handle and use Space and the arrow keys, to reorder.</span>
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={list.map((star) => star.knowledge_id)} strategy={rectSortingStrategy}>
          <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="starred-list">
            {list.map((star) => (
              <SortableStar key={star.knowledge_id} accountId={accountId} star={star} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
}
