import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { TWO_FACTOR_MESSAGES, type Enrollment } from '@common/two-factor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
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
  const [confirming, setConfirming] = useState<string | null>(null);
  const factors = status.data?.factors.filter((factor) => factor.status === 'verified') ?? [];
  // The tab reads the factors afresh when opened; if that fails, it says so over what it last knew.
  const refreshFailed = status.isRefetchError && <FieldError>Failed to load authentication factors</FieldError>;
  // One tree whether or not a factor is left: the confirmation must stay mounted when the
  // last factor goes (the live refresh may read the factors before the removal answers, and
  // an unmounted dialog never hears that it worked).
  return (
    <div className={factors.length === 0 ? 'grid gap-2 pt-4' : 'grid gap-3 pt-2'}>
      {refreshFailed}
      {factors.length === 0 && <p className="text-sm">Two-factor authentication is off.</p>}
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
      <RemoveDialog factorId={confirming} onClose={() => setConfirming(null)} />
    </div>
  );
}

/**
 * Turning two-factor off asks for a code, as signing in does (decision 26): someone at a
 * session left open cannot turn it off. Wrong codes count towards the same lockout.
 */
function RemoveDialog({ factorId, onClose }: { factorId: string | null; onClose: () => void }) {
  const remove = useRemoveFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (remove.isPending || !factorId) return;
    const trimmed = code.trim();
    if (!trimmed) return setError(TWO_FACTOR_MESSAGES.missing);
    if (!/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i.test(trimmed)) return setError(TWO_FACTOR_MESSAGES.sixDigits);
    setError(null);
    remove.mutate(
      { factorId, code: trimmed },
      {
        onSuccess: () => {
          close();
          toast.success('Two-factor authentication removed');
        },
        onError: (failure) => {
          setCode('');
          setError(failure.message);
        },
      },
    );
  };
  return (
    <Dialog open={factorId !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent role="alertdialog">
        <DialogHeader
          title="Remove two-factor authentication?"
          description="Sign-in will no longer ask for a code from your authenticator app, and your recovery codes stop working."
        />
        <form
          className="grid gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Label htmlFor="remove-two-factor-code">Code from your authenticator app, or a recovery code</Label>
          <Input
            id="remove-two-factor-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            autoFocus
            maxLength={11}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'remove-two-factor-error' : undefined}
          />
          <FieldError id="remove-two-factor-error">{error}</FieldError>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
