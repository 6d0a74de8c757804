import { describe, expect, it } from 'vitest';
import { dropDestination, type RowPlace } from './tree';

const row = (id: string, parentId: string | null, index: number, ancestorIds: string[] = []): RowPlace => ({
  id,
  collectionId: 'c1',
  parentId,
  index,
  ancestorIds,
});

describe('where a dragged page lands', () => {
  it('goes inside a row at the end of its pages, or to the top of a collection', () => {
    expect(dropDestination(row('a', null, 0), row('b', null, 1), 'inside')).toEqual({
      collectionId: 'c1',
      parentId: 'b',
    });
    expect(dropDestination(row('a', null, 0), { collectionId: 'c2' }, 'inside')).toEqual({
      collectionId: 'c2',
      parentId: null,
      position: 0,
    });
  });

  it('counts a place among siblings without the dragged page', () => {
    // Siblings a, b, c, d: a dropped after c comes after c once a has left (place 2); d before b stays at place 1.
    expect(dropDestination(row('a', null, 0), row('c', null, 2), 'after')).toMatchObject({ position: 2 });
    expect(dropDestination(row('d', null, 3), row('b', null, 1), 'before')).toMatchObject({ position: 1 });
    // From another level, nothing leaves the target's: before c is place 2.
    expect(dropDestination(row('x', 'a', 0, ['a']), row('c', null, 2), 'before')).toEqual({
      collectionId: 'c1',
      parentId: null,
      position: 2,
    });
  });

  it('refuses a drop on the page itself or into its own branch', () => {
    expect(dropDestination(row('a', null, 0), row('a', null, 0), 'inside')).toBeNull();
    expect(dropDestination(row('a', null, 0), row('x', 'a1', 0, ['a', 'a1']), 'after')).toBeNull();
  });
});
