import { ArrowDown, ArrowUp, ChevronRight, Lock, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { CollectionDto } from '@common/collections';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useReorderCollections } from '../api/collection-mutations';
import type { useTreeState } from '../lib/expanded';
import { buildTree, type TreeNode } from '../lib/tree';
import { colorDot } from './collection-colors';

type TreeState = ReturnType<typeof useTreeState>;

/** Where a dragged page would land over a row: before it, after it (as siblings), or inside it. */
export type DropZone = 'before' | 'after' | 'inside';
/** The row being dragged over and where on it, for the row's marker. */
export interface DropTarget {
  id: string;
  zone: DropZone;
}

/** How rows take part in dragging (tree-dnd.tsx keeps dnd-kit to itself). */
export interface RowHooks {
  useDrag: (
    id: string,
    title: string,
  ) => { setNodeRef: (element: HTMLElement | null) => void; listeners: object | undefined; isDragging: boolean };
  useDrop: (id: string) => { setNodeRef: (element: HTMLElement | null) => void };
}

interface SectionProps {
  accountId: string;
  collection: CollectionDto;
  /** The collections beside this one and the whole order, for "Move up" and "Move down". */
  neighbours: { before?: string; after?: string; order: string[] };
  manage: boolean;
  /** Opens a collection's edit or delete dialog (kept by the tree, which outlives its rows). */
  onManage: (action: 'edit' | 'delete', collection: CollectionDto) => void;
  tree: TreeState;
  currentId: string | undefined;
  target: DropTarget | null;
  dragging: string | undefined;
  hooks: RowHooks;
}

const rowClass =
  'flex min-h-8 items-center gap-1 rounded-md pr-1 text-sm text-muted-foreground hover:bg-muted hover:text-foreground';
const focusRing = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** One collection in the sidebar: its name (a drop target for the top of it), its menu and its tree. */
export function CollectionSection(props: SectionProps) {
  const { accountId, collection, tree, target } = props;
  const open = tree.collectionOpen(collection.id);
  const dropId = `collection:${collection.id}`;
  const { setNodeRef } = props.hooks.useDrop(dropId);
  const nodes = buildTree(collection.items);
  const listId = `tree-${collection.id}`;
  return (
    <section aria-label={collection.name}>
      <div
        ref={setNodeRef}
        className={cn(rowClass, 'font-medium', target?.id === dropId && 'bg-accent ring-1 ring-primary')}
      >
        <button
          type="button"
          className={cn('rounded-sm p-1', focusRing)}
          aria-expanded={open}
          aria-controls={listId}
          aria-label={`${open ? 'Fold' : 'Open'} ${collection.name}`}
          onClick={() => tree.toggleCollection(collection.id)}
        >
          <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} aria-hidden="true" />
        </button>
        <span className={colorDot(collection.color)} aria-hidden="true" />
        <Link
          to={paths.account(accountId).knowledge({ collection: collection.id })}
          className={cn('min-w-0 flex-1 truncate rounded-sm py-1', focusRing)}
          title={collection.description ?? undefined}
        >
          {collection.name}
        </Link>
        {collection.restricted && <Lock className="size-3.5 shrink-0" aria-label="Restricted" />}
        {props.manage && <CollectionMenu {...props} />}
      </div>
      {open && (
        <ul id={listId} className="grid gap-px">
          {nodes.length === 0 && <li className="py-1 pl-9 text-xs text-muted-foreground">No pages yet</li>}
          {nodes.map((node) => (
            <TreeRow key={node.id} node={node} {...props} />
          ))}
        </ul>
      )}
    </section>
  );
}

type RowProps = Pick<SectionProps, 'accountId' | 'tree' | 'currentId' | 'target' | 'dragging' | 'hooks'> & {
  node: TreeNode;
};

/** A page of the tree: its branch toggle, its link (the current page marked), and its pages when open. */
function TreeRow(props: RowProps) {
  const { node, accountId, tree, currentId, target, dragging, hooks } = props;
  const open = tree.itemOpen(node.id);
  const drag = hooks.useDrag(node.id, node.title);
  const drop = hooks.useDrop(node.id);
  const over = target?.id === node.id && dragging !== node.id ? target.zone : null;
  const current = currentId === node.id;
  return (
    <li>
      <div
        ref={(element) => {
          drag.setNodeRef(element);
          drop.setNodeRef(element);
        }}
        // Only the pointer's listeners: the row keeps its link's role, and the keyboard moves pages with "Move to…".
        {...drag.listeners}
        data-testid={`tree-row-${node.shortId}`}
        data-drop={over ?? undefined}
        style={{ paddingLeft: `${node.depth * 0.875 + 0.25}rem` }}
        className={cn(
          rowClass,
          'touch-manipulation',
          current && 'bg-accent font-medium text-accent-foreground',
          drag.isDragging && 'opacity-40',
          over === 'inside' && 'bg-accent ring-1 ring-primary',
          over === 'before' && 'shadow-[inset_0_2px_0_0_var(--color-primary)]',
          over === 'after' && 'shadow-[inset_0_-2px_0_0_var(--color-primary)]',
        )}
      >
        {node.children.length > 0 ? (
          <button
            type="button"
            className={cn('rounded-sm p-1', focusRing)}
            aria-expanded={open}
            aria-label={`${open ? 'Fold' : 'Open'} ${node.title}`}
            onClick={() => tree.toggleItem(node.id)}
          >
            <ChevronRight className={cn('size-3.5 transition-transform', open && 'rotate-90')} aria-hidden="true" />
          </button>
        ) : (
          <span className="w-[1.375rem] shrink-0" />
        )}
        <Link
          to={paths.account(accountId).article(node.shortId)}
          aria-current={current ? 'page' : undefined}
          className={cn('min-w-0 flex-1 truncate rounded-sm py-1', focusRing)}
          draggable={false}
        >
          {node.title}
        </Link>
      </div>
      {open && node.children.length > 0 && (
        <ul className="grid gap-px">
          {node.children.map((child) => (
            <TreeRow key={child.id} {...props} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A collection's menu for owners and admins: edit, move up or down, delete. */
function CollectionMenu({ accountId, collection, neighbours, onManage }: SectionProps) {
  const reorder = useReorderCollections(accountId);
  const swap = (other: string) =>
    reorder.mutate(neighbours.order.map((id) => (id === collection.id ? other : id === other ? collection.id : id)));
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          className={cn('rounded-sm p-1 hover:bg-background', focusRing)}
          aria-label={`${collection.name} actions`}
        >
          <MoreHorizontal className="size-4" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onManage('edit', collection)}>
            <Pencil /> Edit…
          </DropdownMenuItem>
          {neighbours.before && (
            <DropdownMenuItem onSelect={() => swap(neighbours.before!)}>
              <ArrowUp /> Move up
            </DropdownMenuItem>
          )}
          {neighbours.after && (
            <DropdownMenuItem onSelect={() => swap(neighbours.after!)}>
              <ArrowDown /> Move down
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => onManage('delete', collection)}
            className="text-destructive [&_svg]:text-destructive"
          >
            <Trash2 /> Delete…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
