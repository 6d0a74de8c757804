import type { TreeItemDto } from '@common/collections';

/** An item of a collection's tree with the pages under it, in their order. */
export interface TreeNode extends TreeItemDto {
  children: TreeNode[];
  depth: number;
}

/** A collection's items as nested nodes, each level in its order (by place, then title). */
export function buildTree(items: readonly TreeItemDto[]): TreeNode[] {
  const byParent = new Map<string | null, TreeItemDto[]>();
  const ids = new Set(items.map((item) => item.id));
  for (const item of items) {
    // An item whose parent is not in the list (hidden, or not loaded) is shown at the top.
    const parent = item.parentId && ids.has(item.parentId) ? item.parentId : null;
    const siblings = byParent.get(parent);
    if (siblings) siblings.push(item);
    else byParent.set(parent, [item]);
  }
  const grow = (parent: string | null, depth: number): TreeNode[] =>
    (byParent.get(parent) ?? [])
      .toSorted((a, b) => a.position - b.position || a.title.localeCompare(b.title))
      .map((item) => ({ ...item, depth, children: grow(item.id, depth + 1) }));
  return grow(null, 0);
}

/** Every node, depth first, as the tree shows them top to bottom. */
export function flatten(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** The ids of an item and everything under it: where it cannot be moved to. */
export function subtreeIds(items: readonly TreeItemDto[], id: string): Set<string> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of items) {
      if (item.parentId && found.has(item.parentId) && !found.has(item.id)) {
        found.add(item.id);
        grew = true;
      }
    }
  }
  return found;
}

/** The ids of an item's ancestors, nearest last: opened so the current page shows in the tree. */
export function ancestorIds(items: readonly TreeItemDto[], id: string): string[] {
  const parentOf = new Map(items.map((item) => [item.id, item.parentId]));
  const chain: string[] = [];
  let parent = parentOf.get(id) ?? null;
  while (parent && !chain.includes(parent)) {
    chain.unshift(parent);
    parent = parentOf.get(parent) ?? null;
  }
  return chain;
}

/** The children of `parentId` (the top when null), in order, without `except`. */
export function siblingsOf(items: readonly TreeItemDto[], parentId: string | null, except?: string): TreeItemDto[] {
  return items
    .filter((item) => item.parentId === parentId && item.id !== except)
    .toSorted((a, b) => a.position - b.position || a.title.localeCompare(b.title));
}
