import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES } from '@common/two-factor';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { twoFactorStatusQuery, useVerifySecondFactor } from '../api/two-factor';
import { CodeInput } from './code-input';

/** Seconds left until `until` (a time in ms), ticking once a second. */
function useSecondsUntil(until: number | null): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const update = () => setSeconds(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    update();
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : seconds;
}

/**
 * 'Verify with 2FA': shown instead of the app while the session owes its code.
 * The server counts wrong codes and locks the session; this screen shows its
 * answers and the countdown. Cancel (signing out) only when `onCancel` is given.
 */
export function TwoFactorVerifyScreen({ onCancel }: { onCancel?: () => void }) {
  useDocumentTitle(['Verify with 2FA']);
  const status = useQuery(twoFactorStatusQuery);
  const verify = useVerifySecondFactor();
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  // A lock the server already holds when the screen opens (after a reload, say).
  const serverLock = status.data?.lockedForSeconds ? status.dataUpdatedAt + status.data.lockedForSeconds * 1000 : null;
  const lockedFor = useSecondsUntil(Math.max(lockedUntil ?? 0, serverLock ?? 0) || null);
  const locked = lockedFor > 0;

  const submit = (value: string) => {
    if (verify.isPending || locked) return;
    const trimmed = value.trim();
    if (!trimmed) return setError(TWO_FACTOR_MESSAGES.missing);
    if (!useRecovery && !/^\d{6}$/.test(trimmed)) return setError(TWO_FACTOR_MESSAGES.sixDigits);
    setError(null);
    verify.mutate(trimmed, {
      onError: (failure) => {
        setCode('');
        if (failure instanceof ApiError && failure.code === TWO_FACTOR_CODES.lockedOut) {
          const seconds = (failure.body as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 30;
          setLockedUntil(Date.now() + seconds * 1000);
          return setError(TWO_FACTOR_MESSAGES.lockedOut);
        }
        if (failure instanceof ApiError && failure.status === 400) return setError(failure.message);
        setError(`Failed to verify code: ${failure.message}`);
      },
    });
  };

  const noFactors = status.data && !status.data.factors.some((factor) => factor.status === 'verified');
  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <ShieldCheck className="size-6" />
          </div>
          <CardTitle className="text-xl">Verify with 2FA</CardTitle>
          <CardDescription>
            {useRecovery
              ? 'Enter one of your recovery codes'
              : 'Enter the verification code from your authenticator app'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {status.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : status.isError || noFactors ? (
            <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
              <p className="font-semibold text-destructive">Error</p>
              <p className="mt-1">
                {noFactors
                  ? 'No Factors Available: No two-factor authentication methods were found for your account.'
                  : 'Failed to check two-factor authentication status'}
              </p>
            </div>
          ) : (
            <form
              className="grid gap-4"
              noValidate
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                submit(code);
              }}
            >
              {useRecovery ? (
                <div className="grid gap-2">
                  <Label htmlFor="recovery-code">Recovery code</Label>
                  <Input
                    id="recovery-code"
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    placeholder="xxxxx-xxxxx"
                    autoComplete="off"
                    autoFocus
                    disabled={locked}
                  />
                </div>
              ) : (
                <CodeInput
                  value={code}
                  onChange={setCode}
                  onComplete={submit}
                  disabled={locked || verify.isPending}
                  invalid={Boolean(error)}
                />
              )}
              <FieldError id="two-factor-error">{error}</FieldError>
              {locked && (
                <p className="text-center text-sm text-muted-foreground" aria-live="polite">
                  You can try again in {lockedFor} s.
                </p>
              )}
              <div className="flex gap-2">
                {onCancel && (
                  <Button type="button" variant="outline" className="flex-1" onClick={onCancel}>
                    Cancel
                  </Button>
                )}
                <Button type="submit" className="flex-1" disabled={verify.isPending || locked}>
                  {verify.isPending ? 'Verifying...' : 'Verify'}
                </Button>
              </div>
              <button
                type="button"
                className="text-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                onClick={() => {
                  setUseRecovery(!useRecovery);
                  setCode('');
                  setError(null);
                }}
              >
                {useRecovery ? 'Use a code from the app' : 'Use a recovery code instead'}
              </button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
