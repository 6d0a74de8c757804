import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { nameVersionSchema, REVISION_NAME_MAX_LENGTH } from '@common/knowledge-history';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/schema-form';
import { conflictingItem, useNameVersion } from '../../api/knowledge-history';

/** "Save version": names the current version, so it is easy to find in the history later. */
export function SaveVersionDialog(props: { accountId: string; itemRef: string; currentVersion: number }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const form = useSchemaForm(nameVersionSchema);
  const error = Object.values(form.errors)[0];
  const save = useNameVersion(props.accountId, props.itemRef);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check({ name });
    if (input === undefined) return;
    save.mutate(
      { name: input.name, basedOn: props.currentVersion },
      {
        onSuccess: () => {
          setOpen(false);
          setName('');
          toast.success('Version saved');
        },
        onError: (failure) =>
          form.fail(
            conflictingItem(failure)
              ? 'Someone else changed this item meanwhile: look at its current version, then save it again.'
              : failure.message,
          ),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        form.clear();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Save version</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader
          title="Save version"
          description={`Give version ${props.currentVersion}, the current one, a name to find it by in the history.`}
        />
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="version-name">Name</Label>
            <Input
              id="version-name"
              value={name}
              maxLength={REVISION_NAME_MAX_LENGTH}
              onChange={(event) => {
                setName(event.target.value);
                form.clear();
              }}
              placeholder="Before the audit"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'version-name-error' : undefined}
            />
            <FieldError id="version-name-error">{error}</FieldError>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save version'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
