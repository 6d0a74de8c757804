import type { MoveInput } from '@common/collections';

/**
 * Where a row of the sidebar's tree sits: its collection, its parent, its place among the rows
 * shown beside it, and the pages above it from the top down. The tree is read a level at a time,
 * so a row knows only what the levels drawn above it told it.
 */
export interface RowPlace {
  id: string;
  collectionId: string;
  parentId: string | null;
  index: number;
  ancestorIds: readonly string[];
}

/** Where a dragged page would land over a row: before it, after it (as siblings), or inside it. */
export type DropZone = 'before' | 'after' | 'inside';

/**
 * Where a drop puts the dragged page: inside a row, beside it, or at the top of a collection
 * (`target` a collection's id); none into its own branch. A place among siblings is counted
 * without the dragged page, as the move endpoint counts it.
 */
export function dropDestination(
  dragged: RowPlace,
  target: RowPlace | { collectionId: string },
  zone: DropZone,
): MoveInput | null {
  if (!('id' in target)) return { collectionId: target.collectionId, parentId: null, position: 0 };
  if (target.id === dragged.id || target.ancestorIds.includes(dragged.id)) return null;
  if (zone === 'inside') return { collectionId: target.collectionId, parentId: target.id };
  const sameLevel = dragged.collectionId === target.collectionId && dragged.parentId === target.parentId;
  const at = sameLevel && dragged.index < target.index ? target.index - 1 : target.index;
  return { collectionId: target.collectionId, parentId: target.parentId, position: zone === 'before' ? at : at + 1 };
}
