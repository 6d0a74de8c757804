import { Check, Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { API_TOKEN_LIFETIMES, createApiTokenSchema, type ApiTokenAccess, type ApiTokenDto } from '@common/api-tokens';
import { Button } from '@/components/ui/button';
import { ChoiceCard } from '@/components/ui/choice-card';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSchemaForm } from '@/lib/schema-form';
import { useCreateApiToken } from '../api/api-tokens';

const LIFETIME_LABELS: Record<(typeof API_TOKEN_LIFETIMES)[number], string> = {
  7: '7 days',
  30: '30 days',
  90: '90 days',
  365: '1 year',
};

/** A workspace a token can be for. */
export interface TokenWorkspace {
  id: string;
  name: string;
}

/** Creating a token: name, workspace, access and lifetime; then its secret, once, with a way to use it. */
export function CreateApiTokenDialog({
  open,
  onOpenChange,
  accountId,
  workspaces,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The workspace the settings page is in: chosen at first. */
  accountId: string;
  workspaces: TokenWorkspace[];
}) {
  const [created, setCreated] = useState<{ token: ApiTokenDto; secret: string } | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        {created ? (
          <CreatedToken {...created} onDone={() => close(false)} />
        ) : (
          <TokenForm accountId={accountId} workspaces={workspaces} onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TokenForm({
  accountId,
  workspaces,
  onCreated,
}: {
  accountId: string;
  workspaces: TokenWorkspace[];
  onCreated: (created: { token: ApiTokenDto; secret: string }) => void;
}) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [workspace, setWorkspace] = useState(accountId);
  const [access, setAccess] = useState<ApiTokenAccess>('read');
  const [lifetime, setLifetime] = useState('30');
  const form = useSchemaForm(createApiTokenSchema);
  // One line under the form says what is wrong, the name's problem or the server's refusal.
  const error = Object.values(form.errors)[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check({
      name,
      accountId: workspace,
      access,
      expiresInDays: lifetime === 'never' ? null : Number(lifetime),
    });
    if (input === undefined) return;
    create.mutate(input, { onSuccess: onCreated, onError: (failure) => form.fail(failure.message) });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader
        title="Create an API token"
        description="A token lets a script or another tool call Lore's API as you, in one workspace."
      />
      <div className="grid gap-2">
        <Label htmlFor="token-name">Name</Label>
        <Input
          id="token-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Nightly backup script"
          maxLength={100}
          aria-invalid={Boolean(form.errors.name)}
          aria-describedby={form.errors.name ? 'token-error' : undefined}
          autoFocus
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="token-workspace">Workspace</Label>
        <Select id="token-workspace" value={workspace} onChange={(e) => setWorkspace(e.target.value)}>
          {workspaces.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </Select>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Access</legend>
        {(
          [
            ['read', 'Read-only', 'Lists, reads, searches and exports what you can see.'],
            ['write', 'Read and write', 'Also creates, edits and deletes, as you could.'],
          ] as const
        ).map(([value, label, hint]) => (
          <ChoiceCard
            key={value}
            name="token-access"
            value={value}
            checked={access === value}
            onChange={() => setAccess(value)}
            label={label}
            hint={hint}
          />
        ))}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="token-lifetime">Expires after</Label>
        <Select id="token-lifetime" value={lifetime} onChange={(e) => setLifetime(e.target.value)}>
          {API_TOKEN_LIFETIMES.map((days) => (
            <option key={days} value={days}>
              {LIFETIME_LABELS[days]}
            </option>
          ))}
          <option value="never">Never (until revoked)</option>
        </Select>
      </div>
      <FieldError id="token-error">{error}</FieldError>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create token'}
      </Button>
    </form>
  );
}

function CreatedToken({ token, secret, onDone }: { token: ApiTokenDto; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  const example = `curl -H "Authorization: Bearer ${secret}" \\\n  ${window.location.origin}/api/accounts/${token.accountId}/knowledge`;
  return (
    <div className="grid gap-4">
      <DialogHeader
        title="Copy your token now"
        description={`“${token.name}” is ready. Lore keeps only a fingerprint of it: you will not see it again.`}
      />
      <div className="flex items-center gap-2">
        <Input
          readOnly
          value={secret}
          aria-label="Your new API token"
          className="font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check /> : <Copy />} {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium">Try it</p>
        {/* Focusable, so the keyboard can scroll the long line sideways. */}
        <pre
          tabIndex={0}
          aria-label="Example request with curl"
          className="overflow-x-auto rounded-md bg-muted p-3 text-xs"
        >
          {example}
        </pre>
      </div>
      <Button type="button" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
