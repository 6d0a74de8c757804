import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { collectionsQuery } from '../api/collections-queries';
import { ParentPicker, type PathStep } from './parent-picker';

/** Where a new page goes: a collection ('' for the first one the writer sees) and the way down to its parent (none: the top). */
export interface Placement {
  collectionId: string;
  path: PathStep[];
}

/** The create form's collection and parent pickers. */
export function PlacementFields(props: {
  accountId: string;
  value: Placement;
  onChange: (value: Placement) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const collections = useQuery(collectionsQuery(props.accountId));
  const list = collections.data?.collections ?? [];
  const collectionId = props.value.collectionId || list[0]?.id || '';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Collection</Label>
        <Select
          id={id}
          value={collectionId}
          disabled={props.disabled || collections.isPending}
          onChange={(event) => props.onChange({ collectionId: event.target.value, path: [] })}
        >
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      {collectionId && (
        <ParentPicker
          accountId={props.accountId}
          collectionId={collectionId}
          path={props.value.path}
          disabled={props.disabled}
          onChange={(path) => props.onChange({ collectionId, path })}
        />
      )}
    </div>
  );
}
