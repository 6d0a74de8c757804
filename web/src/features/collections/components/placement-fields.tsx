import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { collectionsQuery } from '../api/collections-queries';
import { buildTree, flatten } from '../lib/tree';
import { ParentOptions } from './dialog-form';

/** Where a new page goes: a collection ('' for the first one the writer sees) and a parent in it ('' for its top). */
export interface Placement {
  collectionId: string;
  parentId: string;
}

/** The create form's collection and parent pickers; a page's own branch is left out when it moves. */
export function PlacementFields(props: { accountId: string; value: Placement; onChange: (value: Placement) => void }) {
  const ids = { collection: useId(), parent: useId() };
  const collections = useQuery(collectionsQuery(props.accountId));
  const list = collections.data?.collections ?? [];
  const collectionId = props.value.collectionId || list[0]?.id || '';
  const collection = list.find((c) => c.id === collectionId);
  const parents = collection ? flatten(buildTree(collection.items)) : [];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.collection}>Collection</Label>
        <Select
          id={ids.collection}
          value={collectionId}
          disabled={collections.isPending}
          onChange={(event) => props.onChange({ collectionId: event.target.value, parentId: '' })}
        >
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.parent}>Parent page</Label>
        <Select
          id={ids.parent}
          value={props.value.parentId}
          disabled={collections.isPending}
          onChange={(event) => props.onChange({ collectionId, parentId: event.target.value })}
        >
          <ParentOptions nodes={parents} />
        </Select>
      </div>
    </div>
  );
}
