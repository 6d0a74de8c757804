import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { collectionsQuery } from '../api/collections-queries';
import { useMoveItem } from '../api/collection-mutations';
import { buildTree, flatten, siblingsOf, subtreeIds } from '../lib/tree';
import { DialogForm, ParentOptions } from './dialog-form';

/** What is being moved. */
export interface MovedItem {
  id: string;
  title: string;
  collectionId: string;
  parentId: string | null;
}

const TOP = '';

/**
 * "Move to…": a collection, a parent in it (or its top) and a place among the pages there, each a
 * native select, so the whole move is made with the keyboard (or a phone's pickers). The item's
 * own pages go with it, so neither it nor they are offered as its parent.
 */
export function MoveDialog(props: {
  accountId: string;
  item: MovedItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader
          title={`Move “${props.item.title}”`}
          description="Choose where it goes. Its own pages move with it, and its links keep working."
        />
        {props.open && <MoveForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function MoveForm({ accountId, item, onOpenChange }: Parameters<typeof MoveDialog>[0]) {
  const ids = { collection: useId(), parent: useId(), place: useId() };
  const collections = useQuery(collectionsQuery(accountId));
  const move = useMoveItem(accountId);
  const [collectionId, setCollectionId] = useState(item.collectionId);
  const [parentId, setParentId] = useState(item.parentId ?? TOP);
  const [place, setPlace] = useState('end');

  if (collections.isPending) return <Spinner label="Loading collections" />;
  if (collections.isError) return <p role="alert">Could not load the collections: {collections.error.message}</p>;
  const collection = collections.data.collections.find((c) => c.id === collectionId);
  const items = collection?.items ?? [];
  const excluded = subtreeIds(items, item.id);
  const parents = flatten(buildTree(items)).filter((node) => !excluded.has(node.id));
  const siblings = siblingsOf(items, parentId || null, item.id);

  const submit = () =>
    move.mutate(
      {
        itemId: item.id,
        to: {
          collectionId,
          parentId: parentId || null,
          position: place === 'end' ? siblings.length : Number(place),
        },
      },
      {
        onSuccess: () => {
          toast.success('Moved');
          onOpenChange(false);
        },
        onError: (error) => toast.error('Could not move it', { description: error.message }),
      },
    );

  return (
    <DialogForm onSubmit={submit} busy={move.isPending} submitLabel="Move" busyLabel="Moving...">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.collection}>Collection</Label>
        <Select
          id={ids.collection}
          value={collectionId}
          onChange={(event) => {
            setCollectionId(event.target.value);
            setParentId(TOP);
            setPlace('end');
          }}
        >
          {collections.data.collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.parent}>Under</Label>
        <Select
          id={ids.parent}
          value={parentId}
          onChange={(event) => {
            setParentId(event.target.value);
            setPlace('end');
          }}
        >
          <ParentOptions nodes={parents} />
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.place}>Place</Label>
        <Select id={ids.place} value={place} onChange={(event) => setPlace(event.target.value)}>
          <option value="end">Last</option>
          {siblings.map((sibling, index) => (
            <option key={sibling.id} value={String(index)}>
              Before “{sibling.title}”
            </option>
          ))}
        </Select>
      </div>
    </DialogForm>
  );
}
