import { describe, expect, it } from 'vitest';
import { ancestorIds, buildTree, flatten, siblingsOf, subtreeIds } from './tree';

const item = (id: string, parentId: string | null, position: number) => ({
  id,
  shortId: id,
  title: id.toUpperCase(),
  parentId,
  position,
});
const items = [item('b', null, 1), item('a', null, 0), item('a2', 'a', 1), item('a1', 'a', 0), item('x', 'a1', 0)];

describe('the tree of a collection', () => {
  it('nests pages under their parents in their order, depth first', () => {
    expect(flatten(buildTree(items)).map((node) => [node.id, node.depth])).toEqual([
      ['a', 0],
      ['a1', 1],
      ['x', 2],
      ['a2', 1],
      ['b', 0],
    ]);
  });

  it('shows a page whose parent is not there at the top', () => {
    expect(buildTree([item('orphan', 'gone', 0)]).map((node) => node.id)).toEqual(['orphan']);
  });

  it('knows what is under a page, above it, and beside it', () => {
    expect([...subtreeIds(items, 'a')].sort()).toEqual(['a', 'a1', 'a2', 'x']);
    expect(ancestorIds(items, 'x')).toEqual(['a', 'a1']);
    expect(siblingsOf(items, 'a', 'a1').map((sibling) => sibling.id)).toEqual(['a2']);
  });
});
