import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { accountNameSchema } from '@common/accounts';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { paths } from '@/lib/paths';
import { useSchemaForm, WHOLE_FORM } from '@/lib/schema-form';
import { useCreateAccount } from '../api/account-mutations';

/** Names a new workspace, creates it and opens its dashboard. */
export function CreateAccountForm({
  submitLabel = 'Create workspace',
  onCreated,
}: {
  submitLabel?: string;
  onCreated?: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateAccount();
  const [name, setName] = useState('');
  const form = useSchemaForm(accountNameSchema);
  const error = form.errors[WHOLE_FORM];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const accountName = form.check(name);
    if (accountName === undefined) return;
    create.mutate(accountName, {
      onSuccess: (account) => {
        onCreated?.();
        navigate(paths.account(account.id).dashboard());
      },
      onError: (failure) => form.fail(failure.message),
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor="account-name">Workspace name</Label>
        <Input
          id="account-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Acme Engineering"
          maxLength={100}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'account-name-error' : undefined}
          autoFocus
        />
        <FieldError id="account-name-error">{error}</FieldError>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : submitLabel}
      </Button>
    </form>
  );
}
