import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  COLLECTION_COLORS,
  collectionInputSchema,
  type CollectionColor,
  type CollectionDto,
} from '@common/collections';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { queryOptions } from '@tanstack/react-query';
import { getAccountUsers } from '@common/api/routes';
import { api } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/schema-form';
import { collectionKeys } from '../api/collections-queries';
import { useCreateCollection, useUpdateCollection } from '../api/collection-mutations';
import { COLOR_NAMES } from './collection-colors';
import { DialogForm } from './dialog-form';

/** The workspace's members, to choose who sees a restricted collection. */
const collectionMembersQuery = (accountId: string) =>
  queryOptions({
    queryKey: collectionKeys.members(accountId),
    queryFn: async ({ signal }) =>
      (await api(getAccountUsers, { query: { accountId } }, { signal })).data.members.map((member) => ({
        userId: member.user_id,
        name: member.profiles.full_name || member.profiles.email,
        role: member.role,
      })),
  });

/**
 * Creates a collection, or edits one: its name, description, colour, and whether it is open to
 * every member or only to the members chosen here (owners and admins always see it).
 */
export function CollectionDialog(props: {
  accountId: string;
  collection?: CollectionDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader
          title={props.collection ? 'Edit collection' : 'New collection'}
          description="A collection groups pages. Restrict it to keep it to the members you choose; owners and admins always see it."
        />
        {props.open && <CollectionForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function CollectionForm({ accountId, collection, onOpenChange }: Parameters<typeof CollectionDialog>[0]) {
  const ids = { name: useId(), description: useId(), color: useId(), error: useId() };
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [color, setColor] = useState<CollectionColor | ''>(collection?.color ?? '');
  const [restricted, setRestricted] = useState(collection?.restricted ?? false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(collection?.memberIds));
  const form = useSchemaForm(collectionInputSchema);
  const error = Object.values(form.errors)[0];
  const members = useQuery({ ...collectionMembersQuery(accountId), enabled: restricted });
  const create = useCreateCollection(accountId);
  const update = useUpdateCollection(accountId);
  const busy = create.isPending || update.isPending;

  const submit = () => {
    const values = {
      name,
      description: description.trim() || null,
      color: color || null,
      restricted,
      memberIds: restricted ? [...chosen] : [],
    };
    if (form.check(values) === undefined) return;
    const done = {
      onSuccess: () => {
        toast.success(collection ? 'Collection saved' : 'Collection created');
        onOpenChange(false);
      },
      onError: (failure: Error) => form.fail(failure.message),
    };
    if (collection) update.mutate({ collectionId: collection.id, changes: values }, done);
    else create.mutate(values, done);
  };

  return (
    <DialogForm onSubmit={submit} busy={busy} submitLabel={collection ? 'Save' : 'Create'} busyLabel="Saving...">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.name}>Name</Label>
        <Input
          id={ids.name}
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          autoFocus
        />
        <FieldError id={ids.error}>{error}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.description}>Description (optional)</Label>
        <Input
          id={ids.description}
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.color}>Colour</Label>
        <Select id={ids.color} value={color} onChange={(event) => setColor(event.target.value as CollectionColor | '')}>
          <option value="">None</option>
          {COLLECTION_COLORS.map((value) => (
            <option key={value} value={value}>
              {COLOR_NAMES[value]}
            </option>
          ))}
        </Select>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Who sees it</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="access" checked={!restricted} onChange={() => setRestricted(false)} />
          Every member of the workspace
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="access" checked={restricted} onChange={() => setRestricted(true)} />
          Only the members chosen below, and owners and admins
        </label>
      </fieldset>
      {restricted && (
        <fieldset className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Chosen members</legend>
          {members.isPending && <p className="text-sm text-muted-foreground">Loading members…</p>}
          {members.isError && <p role="alert">Could not load the members: {members.error.message}</p>}
          {members.data
            ?.filter((member) => member.role === 'member')
            .map((member) => (
              <label key={member.userId} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.has(member.userId)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(member.userId);
                    else next.delete(member.userId);
                    setChosen(next);
                  }}
                />
                {member.name}
              </label>
            ))}
          {members.data?.every((member) => member.role !== 'member') && (
            <p className="text-sm text-muted-foreground">Only owners and admins are in this workspace.</p>
          )}
        </fieldset>
      )}
    </DialogForm>
  );
}
