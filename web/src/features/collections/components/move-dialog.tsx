import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { collectionsQuery, treeLevelQuery } from '../api/collections-queries';
import { useMoveItem } from '../api/collection-mutations';
import { DialogForm } from './dialog-form';
import { ParentPicker, type PathStep } from './parent-picker';

/** What is being moved, and the pages above it from the top down. */
export interface MovedItem {
  id: string;
  title: string;
  collectionId: string;
  ancestors: readonly { id: string; title: string }[];
}

/**
 * "Move to…": a collection, a parent in it (chosen a level at a time, or its top) and a place
 * among the pages there, each a native select, so the whole move is made with the keyboard (or a
 * phone's pickers). The item's own pages go with it, so it is never offered as a way down.
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
  const ids = { collection: useId(), place: useId() };
  const collections = useQuery(collectionsQuery(accountId));
  const move = useMoveItem(accountId);
  const [collectionId, setCollectionId] = useState(item.collectionId);
  const [path, setPath] = useState<PathStep[]>(() => item.ancestors.map(({ id, title }) => ({ id, title })));
  const [place, setPlace] = useState('end');
  const parentId = path.at(-1)?.id ?? null;
  const level = useInfiniteQuery(treeLevelQuery(accountId, collectionId, parentId));

  if (collections.isPending) return <Spinner label="Loading collections" />;
  if (collections.isError) return <p role="alert">Could not load the collections: {collections.error.message}</p>;
  const siblings = (level.data?.pages.flatMap((page) => page.items) ?? []).filter((sibling) => sibling.id !== item.id);

  const submit = () =>
    move.mutate(
      {
        itemId: item.id,
        to: {
          collectionId,
          parentId,
          position: place === 'end' ? undefined : Number(place),
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
            setPath([]);
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
      <ParentPicker
        accountId={accountId}
        collectionId={collectionId}
        path={path}
        exclude={item.id}
        onChange={(next) => {
          setPath(next);
          setPlace('end');
        }}
      />
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
