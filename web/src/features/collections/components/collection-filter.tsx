import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { collectionsQuery } from '../api/collections-queries';

/** The list's collection filter (?collection=): every collection, or one. */
export function CollectionFilter(props: { accountId: string; value: string; onChange: (collection: string) => void }) {
  const id = useId();
  const collections = useQuery(collectionsQuery(props.accountId));
  const list = collections.data?.collections ?? [];
  // One collection is no choice to make.
  if (list.length < 2 && !props.value) return null;
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0 text-sm text-muted-foreground">
        Collection
      </Label>
      <Select id={id} value={props.value} onChange={(event) => props.onChange(event.target.value)} className="min-w-40">
        <option value="">All collections</option>
        {list.map((collection) => (
          <option key={collection.id} value={collection.id}>
            {collection.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
