import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { CollectionDto } from '@common/collections';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { collectionQuery, collectionsQuery } from '../api/collections-queries';
import { useDeleteCollection } from '../api/collection-mutations';

/**
 * Deleting a collection asks where its pages go: to another collection (their trees kept), or
 * deleted with it, which says, as the spec's item deletion does, that it cannot be undone.
 */
export function DeleteCollectionDialog(props: {
  accountId: string;
  collection: CollectionDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { accountId, collection, onOpenChange } = props;
  const targetId = useId();
  const collections = useQuery(collectionsQuery(accountId));
  const others = collections.data?.collections.filter((c) => c.id !== collection.id) ?? [];
  const [choice, setChoice] = useState<'move' | 'delete'>('move');
  const [target, setTarget] = useState('');
  const remove = useDeleteCollection(accountId);
  // How many pages it holds, at any depth, is counted when the dialog opens.
  const counted = useQuery(collectionQuery(accountId, collection.id));
  const count = counted.data?.itemCount ?? 0;
  const moveTo = target || others[0]?.id || '';
  const onDelete = () =>
    remove.mutate(
      { collectionId: collection.id, moveItemsTo: choice === 'move' && count > 0 ? moveTo : null },
      {
        onSuccess: () => {
          toast.success('Collection deleted');
          onOpenChange(false);
        },
        onError: (error) => toast.error('Failed to delete', { description: error.message }),
      },
    );
  return (
    <Dialog open={props.open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader
          title="Delete collection?"
          description={
            others.length === 0
              ? 'A workspace keeps at least one collection: this one cannot be deleted.'
              : counted.isPending
                ? `Counting the pages of “${collection.name}”…`
                : counted.isError
                  ? `Could not count the pages of “${collection.name}”: ${counted.error.message}`
                  : count === 0
                    ? `“${collection.name}” has no pages. This action cannot be undone.`
                    : `“${collection.name}” holds ${count} ${count === 1 ? 'page' : 'pages'}. Choose where they go.`
          }
        />
        {others.length > 0 && count > 0 && (
          <fieldset className="grid gap-2">
            <legend className="sr-only">Its pages</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="pages" checked={choice === 'move'} onChange={() => setChoice('move')} />
              Move them to another collection
            </label>
            {choice === 'move' && (
              <Select aria-labelledby={targetId} value={moveTo} onChange={(event) => setTarget(event.target.value)}>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </Select>
            )}
            <span id={targetId} className="sr-only">
              Collection to move them to
            </span>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="pages" checked={choice === 'delete'} onChange={() => setChoice('delete')} />
              Delete them too
            </label>
            {choice === 'delete' && (
              <p className="text-sm text-destructive">
                This action cannot be undone. This will permanently delete these knowledge items from your account.
              </p>
            )}
          </fieldset>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={others.length === 0 || !counted.isSuccess || remove.isPending}
            onClick={onDelete}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
