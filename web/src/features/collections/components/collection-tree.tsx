import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
} from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import type { CollectionDto } from '@common/collections';
import { collectionsQuery } from '../api/collections-queries';
import { useMoveItem } from '../api/collection-mutations';
import { useTreeState } from '../lib/expanded';
import { ancestorIds, siblingsOf, subtreeIds } from '../lib/tree';
import { CollectionSection } from './collection-section';
import { NewCollectionButton } from './collection-dialog';

/** Where a dragged page would land over a row: before it, after it (as siblings), or inside it. */
export type DropZone = 'before' | 'after' | 'inside';
/** The row being dragged over and where on it, for the row's marker. */
export interface DropTarget {
  id: string;
  zone: DropZone;
}

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

/** The current article's short id or id, from the address. */
function currentRef(pathname: string): string | undefined {
  const match = /\/knowledge\/([^/]+)$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * The sidebar's collections, each a tree of its pages: folded and opened as the person left them,
 * the current page marked and its ancestors opened. Pages move by dragging (a mouse, or a finger
 * held still for a moment): onto a page to go inside it, onto its top or bottom edge to go before
 * or after it, onto a collection's name to go to its top. The keyboard's way is "Move to…".
 */
export function CollectionTree({ accountId }: { accountId: string }) {
  const collections = useQuery(collectionsQuery(accountId));
  const tree = useTreeState(accountId);
  const move = useMoveItem(accountId);
  const { pathname } = useLocation();
  const ref = currentRef(pathname);
  const [dragging, setDragging] = useState<{ id: string; title: string } | null>(null);
  const [target, setTarget] = useState<DropTarget | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger held still for a moment picks a page up; a swipe still scrolls.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
  );

  const all = collections.data?.collections ?? [];
  const current = all
    .flatMap((c) => c.items.map((item) => ({ item, collection: c })))
    .find(({ item }) => item.shortId === ref || item.id === ref);
  const openAncestors = current ? ancestorIds(current.collection.items, current.item.id).join(',') : '';
  const { openItems } = tree;
  useEffect(() => {
    if (openAncestors) openItems(openAncestors.split(','));
    // Only when the current page, or where it sits, changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openAncestors]);

  if (collections.isPending) return <p className="px-3 text-xs text-muted-foreground">Loading collections…</p>;
  if (collections.isError)
    return (
      <p role="alert" className="px-3 text-xs text-destructive">
        Could not load the collections.
      </p>
    );

  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    setTarget(null);
    const zone = zoneOf(event);
    const itemId = String(event.active.id);
    const over = event.over ? String(event.over.id) : null;
    if (!zone || !over || over === itemId) return;
    const destination = destinationOf(all, itemId, over, zone);
    if (!destination) return;
    move.mutate(
      { itemId, to: destination },
      { onError: (error) => toast.error('Could not move it', { description: error.message }) },
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      // Only the sidebar scrolls under a drag: the page beside it does not move (the sidebar is fixed to the screen).
      autoScroll={{ canScroll: (element) => element !== document.scrollingElement && element !== document.body }}
      onDragStart={({ active }) =>
        setDragging({ id: String(active.id), title: String(active.data.current?.title ?? '') })
      }
      onDragMove={(event) => {
        const zone = zoneOf(event);
        setTarget(zone && event.over ? { id: String(event.over.id), zone } : null);
      }}
      onDragCancel={() => {
        setDragging(null);
        setTarget(null);
      }}
      onDragEnd={onDragEnd}
    >
      <nav aria-label="Collections" className="grid gap-1">
        <div className="flex items-center justify-between px-3 pt-2">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Collections</h2>
          {collections.data.policies.manage && <NewCollectionButton accountId={accountId} />}
        </div>
        {all.map((collection, index) => (
          <CollectionSection
            key={collection.id}
            accountId={accountId}
            collection={collection}
            neighbours={{ before: all[index - 1]?.id, after: all[index + 1]?.id, order: all.map((c) => c.id) }}
            manage={collections.data.policies.manage}
            tree={tree}
            currentId={current?.item.id}
            target={target}
            dragging={dragging?.id}
          />
        ))}
      </nav>
      <DragOverlay>
        {dragging && <div className="rounded-md border bg-card px-3 py-1.5 text-sm shadow-lg">{dragging.title}</div>}
      </DragOverlay>
    </DndContext>
  );
}

/** Where a drop puts the page: beside or inside a row, or at the top of a collection; none into its own branch. */
function destinationOf(collections: CollectionDto[], itemId: string, over: string, zone: DropZone) {
  if (over.startsWith('collection:'))
    return { collectionId: over.slice('collection:'.length), parentId: null, position: 0 };
  const home = collections.find((c) => c.items.some((item) => item.id === over));
  const target = home?.items.find((item) => item.id === over);
  if (!home || !target) return null;
  const source = collections.find((c) => c.items.some((item) => item.id === itemId));
  if (source?.id === home.id && subtreeIds(home.items, itemId).has(over)) return null;
  if (zone === 'inside') return { collectionId: home.id, parentId: target.id };
  const siblings = siblingsOf(home.items, target.parentId, itemId);
  const at = siblings.findIndex((sibling) => sibling.id === target.id);
  return { collectionId: home.id, parentId: target.parentId, position: zone === 'before' ? at : at + 1 };
}
