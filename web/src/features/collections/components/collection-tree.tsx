import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import type { CollectionDto, MoveInput } from '@common/collections';
import type { KnowledgeDto } from '@common/knowledge';
import { knowledgeKeys } from '@/features/knowledge/api/knowledge-keys';
import { Button } from '@/components/ui/button';
import { collectionsQuery } from '../api/collections-queries';
import { useMoveItem } from '../api/collection-mutations';
import { useTreeState } from '../lib/expanded';
import { CollectionDialog, DeleteCollectionDialog } from './lazy-dialogs';
import { dndHooks, TreeDnd } from './tree-dnd';
import { CollectionSection, type DropTarget } from './tree-rows';

/** The current article's short id or id, from the address. */
function currentRef(pathname: string): string | undefined {
  const match = /\/knowledge\/([^/]+)$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * The article on show, as its page read it, watched in the cache: an observer here that cannot
 * fetch would become the query's options and break the page's refetch. The tree marks it and
 * opens its collection and ancestors.
 */
function useShownArticle(accountId: string, ref: string | undefined): KnowledgeDto | undefined {
  const queryClient = useQueryClient();
  const read = () => (ref ? queryClient.getQueryData<KnowledgeDto>(knowledgeKeys.item(accountId, ref)) : undefined);
  return useSyncExternalStore((listener) => queryClient.getQueryCache().subscribe(listener), read, read);
}

/**
 * The sidebar's collections, each a tree of its pages read a level at a time as branches open:
 * folded and opened as the person left them, the current page marked and its collection and
 * ancestors opened. Pages move by dragging (tree-dnd.tsx); the keyboard's way is the article's
 * "Move to…". Its dialogs load when first opened.
 */
export function CollectionTree({ accountId }: { accountId: string }) {
  const collections = useQuery(collectionsQuery(accountId));
  const tree = useTreeState(accountId);
  const move = useMoveItem(accountId);
  const { pathname } = useLocation();
  const ref = currentRef(pathname);
  // The open dialog lives beside the tree, so a refresh of the tree never closes it.
  const [dialog, setDialog] = useState<{ action: 'new' | 'edit' | 'delete'; collection?: CollectionDto } | null>(null);
  const closeDialog = (open: boolean) => !open && setDialog(null);

  const current = useShownArticle(accountId, ref);
  const all = collections.data?.collections ?? [];
  // The page on show's collection and ancestors open when it, or where it sits, changes.
  const place = current ? [current.collectionId, ...current.ancestors.map((ancestor) => ancestor.id)].join(',') : '';
  const { openPlace } = tree;
  useEffect(() => {
    const [collectionId, ...ancestorIds] = place.split(',');
    if (collectionId) openPlace(collectionId, ancestorIds);
    // Only when the place changes, not when the tree's state does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [place]);

  if (collections.isPending) return <p className="px-3 text-xs text-muted-foreground">Loading collections…</p>;
  if (collections.isError)
    return (
      <p role="alert" className="px-3 text-xs text-destructive">
        Could not load the collections.
      </p>
    );

  const sections = (target: DropTarget | null, dragging: string | undefined) => (
    <nav aria-label="Collections" className="grid gap-1">
      <div className="flex items-center justify-between px-3 pt-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Collections</h2>
        {collections.data.policies.manage && (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            onClick={() => setDialog({ action: 'new' })}
            aria-label="New collection"
          >
            <Plus /> New
          </Button>
        )}
      </div>
      {all.map((collection, index) => (
        <CollectionSection
          key={collection.id}
          accountId={accountId}
          collection={collection}
          neighbours={{ before: all[index - 1]?.id, after: all[index + 1]?.id, order: all.map((c) => c.id) }}
          manage={collections.data.policies.manage}
          tree={tree}
          currentId={current?.id}
          target={target}
          dragging={dragging}
          hooks={dndHooks}
          onManage={(action, collection) => setDialog({ action, collection })}
        />
      ))}
    </nav>
  );
  const onMove = (itemId: string, to: MoveInput) =>
    move.mutate(
      { itemId, to },
      { onError: (error) => toast.error('Could not move it', { description: error.message }) },
    );
  return (
    <>
      <TreeDnd onMove={onMove}>{sections}</TreeDnd>
      <Suspense fallback={null}>
        {dialog?.action === 'new' && <CollectionDialog accountId={accountId} open onOpenChange={closeDialog} />}
        {dialog?.action === 'edit' && (
          <CollectionDialog accountId={accountId} collection={dialog.collection} open onOpenChange={closeDialog} />
        )}
        {dialog?.action === 'delete' && dialog.collection && (
          <DeleteCollectionDialog
            accountId={accountId}
            collection={dialog.collection}
            open
            onOpenChange={closeDialog}
          />
        )}
      </Suspense>
    </>
  );
}
