import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
} from '@dnd-kit/core';
import { useState, type ReactNode } from 'react';
import type { MoveInput } from '@common/collections';
import { dropDestination, type DropZone, type RowPlace } from '../lib/tree';
import type { DropTarget, RowHooks } from './tree-rows';

/** Dragging pages in the sidebar's tree, with @dnd-kit (the only file of the tree that knows it). */

/** The rows' hooks when pages can be dragged. */
export const dndHooks: RowHooks = {
  useDrag: (place, title) => {
    const drag = useDraggable({ id: place.id, data: { title, place } });
    return { setNodeRef: drag.setNodeRef, listeners: drag.listeners, isDragging: drag.isDragging };
  },
  useDrop: (id, place) => ({ setNodeRef: useDroppable({ id, data: { place } }).setNodeRef }),
};

/** Where the pointer (or finger) is now: where it started plus how far it went. */
function pointerY({ activatorEvent, delta }: DragMoveEvent | DragEndEvent): number | null {
  if (activatorEvent instanceof MouseEvent) return activatorEvent.clientY + delta.y;
  if (typeof TouchEvent !== 'undefined' && activatorEvent instanceof TouchEvent) {
    const touch = activatorEvent.touches[0] ?? activatorEvent.changedTouches[0];
    return touch ? touch.clientY + delta.y : null;
  }
  return null;
}

/** Which third of the row under the pointer it is over: the top before, the bottom after, the middle inside. */
function zoneOf(event: DragMoveEvent | DragEndEvent): DropZone | null {
  const { over } = event;
  const y = pointerY(event);
  if (!over || y === null) return null;
  if (String(over.id).startsWith('collection:')) return 'inside';
  const share = (y - over.rect.top) / over.rect.height;
  return share < 0.3 ? 'before' : share > 0.7 ? 'after' : 'inside';
}

/**
 * The tree's drag and drop: a mouse, or a finger held still for a moment (a swipe still scrolls);
 * onto a page to go inside it, onto its top or bottom edge to go before or after it, onto a
 * collection's name to go to its top. Only the sidebar scrolls under a drag.
 */
export function TreeDnd(props: {
  onMove: (itemId: string, to: MoveInput) => void;
  children: (target: DropTarget | null, dragging: string | undefined) => ReactNode;
}) {
  const [dragging, setDragging] = useState<{ id: string; title: string } | null>(null);
  const [target, setTarget] = useState<DropTarget | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
  );
  const end = () => {
    setDragging(null);
    setTarget(null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    end();
    const zone = zoneOf(event);
    const dragged = event.active.data.current?.place as RowPlace | undefined;
    const target = event.over?.data.current?.place as RowPlace | { collectionId: string } | undefined;
    if (!zone || !dragged || !target) return;
    const destination = dropDestination(dragged, target, zone);
    if (destination) props.onMove(dragged.id, destination);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      autoScroll={{ canScroll: (element) => element !== document.scrollingElement && element !== document.body }}
      onDragStart={({ active }) =>
        setDragging({ id: String(active.id), title: String(active.data.current?.title ?? '') })
      }
      onDragMove={(event) => {
        const zone = zoneOf(event);
        setTarget(zone && event.over ? { id: String(event.over.id), zone } : null);
      }}
      onDragCancel={end}
      onDragEnd={onDragEnd}
    >
      {props.children(target, dragging?.id)}
      <DragOverlay>
        {dragging && <div className="rounded-md border bg-card px-3 py-1.5 text-sm shadow-lg">{dragging.title}</div>}
      </DragOverlay>
    </DndContext>
  );
}
