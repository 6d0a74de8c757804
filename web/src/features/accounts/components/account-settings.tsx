import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { accountNameSchema, type AccountDto } from '@common/accounts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { clearAccountPreferences } from '@/lib/account-preferences';
import { paths } from '@/lib/paths';
import { useSchemaForm, WHOLE_FORM } from '@/lib/schema-form';
import { useDeleteAccount, useRenameAccount } from '../api/account-mutations';

/** Settings > Account: rename (owners and admins) and delete (owner only). */
export function AccountSettings({ account }: { account: AccountDto }) {
  const navigate = useNavigate();
  const rename = useRenameAccount(account.id);
  const remove = useDeleteAccount(account.id);
  const [name, setName] = useState(account.name);
  const form = useSchemaForm(accountNameSchema);
  const error = form.errors[WHOLE_FORM];
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const accountName = form.check(name);
    if (accountName === undefined) return;
    rename.mutate(accountName, {
      onSuccess: (saved) => {
        setName(saved.name);
        toast.success('Account renamed');
      },
      onError: (failure) => form.fail(failure.message),
    });
  };

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        clearAccountPreferences();
        toast.success(`${account.name} was deleted`);
        navigate(paths.accounts(), { replace: true });
      },
      onError: (failure) => {
        setConfirming(false);
        toast.error(failure.message);
      },
    });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
          <CardDescription>
            {account.policies.rename
              ? 'The name everyone in this workspace sees.'
              : 'Only owners and admins can rename the workspace.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid max-w-md gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-2">
              <Label htmlFor="settings-account-name">Account name</Label>
              <Input
                id="settings-account-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                disabled={!account.policies.rename}
                maxLength={100}
                aria-invalid={Boolean(error)}
              />
              <FieldError>{error}</FieldError>
            </div>
            {account.policies.rename && (
              <div>
                <Button type="submit" disabled={rename.isPending || name === account.name}>
                  {rename.isPending ? 'Saving...' : 'Save'}
                </Button>
              </div>
            )}
          </form>
        </CardContent>
      </Card>

      {account.policies.delete && (
        <Card className="border-destructive/40">
          <CardHeader>
            <CardTitle>Delete account</CardTitle>
            <CardDescription>
              Permanently deletes the workspace, its knowledge and its memberships for everyone.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              Delete account
            </Button>
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${account.name}?`}
        description="This action cannot be undone. The workspace and everything in it will be permanently deleted for all members."
        confirmLabel="Delete account"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={confirmDelete}
      />
    </div>
  );
}
