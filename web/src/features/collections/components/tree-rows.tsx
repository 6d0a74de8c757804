import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ChevronRight, Lock, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { CollectionDto, TreeItemDto } from '@common/collections';
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
import { treeLevelQuery } from '../api/collections-queries';
import type { useTreeState } from '../lib/expanded';
import type { DropZone, RowPlace } from '../lib/tree';
import { colorDot } from './collection-colors';

type TreeState = ReturnType<typeof useTreeState>;

/** The row being dragged over and where on it, for the row's marker. */
export interface DropTarget {
  id: string;
  zone: DropZone;
}

/** How rows take part in dragging (tree-dnd.tsx keeps dnd-kit to itself). */
export interface RowHooks {
  useDrag: (
    place: RowPlace,
    title: string,
  ) => { setNodeRef: (element: HTMLElement | null) => void; listeners: object | undefined; isDragging: boolean };
  /** A row (its place) or a collection's name (its id) that a page can be dropped on. */
  useDrop: (
    id: string,
    place: RowPlace | { collectionId: string },
  ) => { setNodeRef: (element: HTMLElement | null) => void };
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
const indent = (depth: number) => ({ paddingLeft: `${depth * 0.875 + 0.25}rem` });

/** One collection in the sidebar: its name (a drop target for the top of it), its menu and its tree. */
export function CollectionSection(props: SectionProps) {
  const { collection, tree, target } = props;
  const open = tree.collectionOpen(collection.id);
  const dropId = `collection:${collection.id}`;
  const { setNodeRef } = props.hooks.useDrop(dropId, { collectionId: collection.id });
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
          to={paths.account(props.accountId).knowledge({ collection: collection.id })}
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
          <TreeLevel {...props} collectionId={collection.id} parentId={null} ancestorIds={[]} />
        </ul>
      )}
    </section>
  );
}

type LevelProps = Pick<SectionProps, 'accountId' | 'tree' | 'currentId' | 'target' | 'dragging' | 'hooks'> & {
  collectionId: string;
  parentId: string | null;
  /** The pages above this level, from the top down: its depth, and where a drag may not go. */
  ancestorIds: readonly string[];
};

/** The pages of one level, read when it is first opened, a hundred at a time ("Show more" for the rest). */
function TreeLevel(props: LevelProps) {
  const { accountId, collectionId, parentId, ancestorIds } = props;
  const level = useInfiniteQuery(treeLevelQuery(accountId, collectionId, parentId));
  const note = (text: string, alert = false) => (
    <li
      role={alert ? 'alert' : undefined}
      className="py-1 text-xs text-muted-foreground"
      style={indent(ancestorIds.length + 2)}
    >
      {text}
    </li>
  );
  if (level.isPending) return note('Loading pages…');
  if (level.isError) return note('Could not load these pages.', true);
  const items = level.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return parentId === null ? note('No pages yet') : null;
  return (
    <>
      {items.map((item, index) => (
        <TreeRow
          key={item.id}
          {...props}
          item={item}
          place={{ id: item.id, collectionId, parentId, index, ancestorIds }}
        />
      ))}
      {level.hasNextPage && (
        <li style={indent(ancestorIds.length + 1)}>
          <button
            type="button"
            className={cn('rounded-sm px-1 py-1 text-xs text-muted-foreground hover:text-foreground', focusRing)}
            disabled={level.isFetchingNextPage}
            onClick={() => void level.fetchNextPage()}
          >
            {level.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </button>
        </li>
      )}
    </>
  );
}

/** A page of the tree: its branch toggle, its link (the current page marked), and its pages when open. */
function TreeRow(props: LevelProps & { item: TreeItemDto; place: RowPlace }) {
  const { item, place, tree, currentId, target, dragging, hooks } = props;
  const open = tree.itemOpen(item.id) && item.hasChildren;
  const drag = hooks.useDrag(place, item.title);
  const drop = hooks.useDrop(item.id, place);
  const over = target?.id === item.id && dragging !== item.id ? target.zone : null;
  const current = currentId === item.id;
  return (
    <li>
      <div
        ref={(element) => {
          drag.setNodeRef(element);
          drop.setNodeRef(element);
        }}
        // Only the pointer's listeners: the row keeps its link's role, and the keyboard moves pages with "Move to…".
        {...drag.listeners}
        data-testid={`tree-row-${item.shortId}`}
        data-drop={over ?? undefined}
        style={indent(place.ancestorIds.length)}
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
        {item.hasChildren ? (
          <button
            type="button"
            className={cn('rounded-sm p-1', focusRing)}
            aria-expanded={open}
            aria-label={`${open ? 'Fold' : 'Open'} ${item.title}`}
            onClick={() => tree.toggleItem(item.id)}
          >
            <ChevronRight className={cn('size-3.5 transition-transform', open && 'rotate-90')} aria-hidden="true" />
          </button>
        ) : (
          <span className="w-[1.375rem] shrink-0" />
        )}
        <Link
          to={paths.account(props.accountId).article(item.shortId)}
          aria-current={current ? 'page' : undefined}
          className={cn('min-w-0 flex-1 truncate rounded-sm py-1', focusRing)}
          draggable={false}
        >
          {item.title}
        </Link>
      </div>
      {open && (
        <ul className="grid gap-px">
          <TreeLevel {...props} parentId={item.id} ancestorIds={[...place.ancestorIds, item.id]} />
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
