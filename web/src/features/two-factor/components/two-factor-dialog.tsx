import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Enrollment } from '@common/two-factor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDate } from '@/lib/utils';
import { twoFactorStatusQuery, useConfirmEnrollment, useEnrollFactor, useRemoveFactor } from '../api/two-factor';
import { CodeInput } from './code-input';

/** Two-factor set-up (scan, confirm, keep the recovery codes) and management (see, remove), in two tabs. */
export function TwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const status = useQuery({ ...twoFactorStatusQuery, enabled: open });
  const on = status.data?.factors.some((factor) => factor.status === 'verified') ?? false;
  const [tab, setTab] = useState<'setup' | 'manage'>('setup');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader
          title="Two-factor authentication"
          description="Sign-in asks for a code from an authenticator app as well as your e-mail link."
        />
        {status.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : status.isError && !status.data ? (
          <FieldError>Failed to load MFA factors</FieldError>
        ) : (
          <Tabs value={tab} onValueChange={(value) => setTab(value as 'setup' | 'manage')}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="setup">Set up</TabsTrigger>
              <TabsTrigger value="manage">Manage</TabsTrigger>
            </TabsList>
            <TabsContent value="setup">
              <SetupTab alreadyOn={on} onDone={() => onOpenChange(false)} />
            </TabsContent>
            <TabsContent value="manage">
              <ManageTab />
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SetupTab({ alreadyOn, onDone }: { alreadyOn: boolean; onDone: () => void }) {
  const enroll = useEnrollFactor();
  const confirm = useConfirmEnrollment();
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return (
      <div className="grid gap-3 pt-2">
        <p className="text-sm">
          Two-factor authentication is on. Keep these recovery codes somewhere safe: each signs you in once if you lose
          your phone. They are shown only now.
        </p>
        <ol className="grid grid-cols-2 gap-1 rounded-md bg-muted p-3 font-mono text-sm" data-testid="recovery-codes">
          {recoveryCodes.map((each) => (
            <li key={each}>{each}</li>
          ))}
        </ol>
        <div className="flex gap-2">
          <Button
            variant="outline"
            className="flex-1"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(recoveryCodes.join('\n'))
                .then(() => toast.success('Recovery codes copied'))
            }
          >
            Copy codes
          </Button>
          <Button className="flex-1" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    );
  }
  if (alreadyOn)
    return <p className="pt-4 text-sm">Two-factor authentication is on. See the Manage tab to remove it.</p>;
  if (!enrollment) {
    return (
      <div className="grid gap-3 pt-2">
        <p className="text-sm text-muted-foreground">
          You need an authenticator app on your phone, such as Google Authenticator, 1Password or Authy.
        </p>
        <FieldError>{error}</FieldError>
        <Button
          disabled={enroll.isPending}
          onClick={() =>
            enroll.mutate(undefined, {
              onSuccess: (started) => {
                setError(null);
                setEnrollment(started);
              },
              onError: (failure) => setError(failure.message),
            })
          }
        >
          {enroll.isPending ? 'Setting up...' : 'Set up authenticator app'}
        </Button>
      </div>
    );
  }

  const submit = (value: string) => {
    if (confirm.isPending) return;
    if (!/^\d{6}$/.test(value)) return setError('Please enter a 6-digit verification code');
    confirm.mutate(
      { factorId: enrollment.factorId, code: value },
      {
        onSuccess: setRecoveryCodes,
        onError: (failure) => {
          setCode('');
          setError(failure.message);
        },
      },
    );
  };
  return (
    <form
      className="grid gap-3 pt-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <p className="text-sm">Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
      <img
        src={enrollment.qrCode}
        alt="QR code for your authenticator app"
        className="mx-auto size-44 rounded-md bg-white p-2"
      />
      <p className="text-center text-xs text-muted-foreground">
        Cannot scan? Enter this key:{' '}
        <code className="break-all font-mono text-foreground" data-testid="totp-secret">
          {enrollment.secret}
        </code>
      </p>
      <CodeInput
        value={code}
        onChange={setCode}
        onComplete={submit}
        disabled={confirm.isPending}
        invalid={Boolean(error)}
      />
      <FieldError>{error}</FieldError>
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  );
}

function ManageTab() {
  const status = useQuery(twoFactorStatusQuery);
  const remove = useRemoveFactor();
  const [confirming, setConfirming] = useState<string | null>(null);
  const factors = status.data?.factors.filter((factor) => factor.status === 'verified') ?? [];
  // The tab reads the factors afresh when opened; if that fails, it says so over what it last knew.
  const refreshFailed = status.isRefetchError && <FieldError>Failed to load authentication factors</FieldError>;
  if (factors.length === 0)
    return (
      <div className="grid gap-2 pt-4">
        {refreshFailed}
        <p className="text-sm">Two-factor authentication is off.</p>
      </div>
    );
  return (
    <div className="grid gap-3 pt-2">
      {refreshFailed}
      {factors.map((factor) => (
        <div key={factor.id} className="flex items-center justify-between gap-3 rounded-md border p-3">
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-sm font-medium">
              <ShieldCheck className="size-4 text-primary" /> {factor.friendly_name}
              <Badge variant="success">Verified</Badge>
            </p>
            <p className="text-xs text-muted-foreground">
              Added {formatDate(factor.created_at)} · {status.data?.recoveryCodesLeft ?? 0} recovery codes left
            </p>
          </div>
          <Button variant="outline" size="sm" className="text-destructive" onClick={() => setConfirming(factor.id)}>
            Remove
          </Button>
        </div>
      ))}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Remove two-factor authentication?"
        description="Sign-in will no longer ask for a code from your authenticator app, and your recovery codes stop working."
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        destructive
        onConfirm={() =>
          remove.mutate(confirming!, {
            onSuccess: () => {
              setConfirming(null);
              toast.success('Two-factor authentication removed');
            },
            onError: (failure) => toast.error(failure.message),
          })
        }
      />
    </div>
  );
}
