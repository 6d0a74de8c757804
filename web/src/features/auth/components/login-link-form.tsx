import { MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { FULL_NAME_MAX_LENGTH, LOGIN_LINK_LIFETIME_MINUTES } from '@common/auth';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useTypedEarly } from '@/lib/use-typed-early';
import { requestLoginLink } from '../api/sign-in';
import type { SignInFailure } from '../lib/sign-in-failure';
import { rememberSignupName } from '../lib/signup-name';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * E-mail (and, for sign-up, full name) and a button that mails a login link;
 * then a "check your e-mail" panel that can send again. After a failed sign-in
 * it says so first, and why, with a button that sends a new link to the address
 * a used or expired link went to.
 */
export function LoginLinkForm({
  askName = false,
  submitLabel,
  failure,
}: {
  askName?: boolean;
  submitLabel: string;
  failure?: SignInFailure;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const emailField = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  useTypedEarly(emailField, email, setEmail);
  useTypedEarly(nameField, name, setName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Once a new link is on its way, the failure that came before is old news.
  const [sentOnce, setSentOnce] = useState(false);

  const send = async (address: string) => {
    setBusy(true);
    setError(null);
    try {
      if (askName) rememberSignupName(name.trim());
      await requestLoginLink(address);
      setSentTo(address);
      setSentOnce(true);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (askName && !name.trim()) return setError('Please enter your full name');
    if (askName && name.trim().length > FULL_NAME_MAX_LENGTH)
      return setError(`Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`);
    if (!EMAIL_PATTERN.test(address)) return setError('Please enter a valid email address');
    void send(address);
  };

  if (sentTo) {
    return (
      <div className="flex flex-col items-center text-center" data-testid="link-sent">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailCheck className="size-6" />
        </div>
        <h2 className="text-lg font-semibold">Check your email</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          We sent a sign-in link to <span className="font-medium text-foreground">{sentTo}</span>. It works once and
          expires in {LOGIN_LINK_LIFETIME_MINUTES} minutes.
        </p>
        <FieldError>{error}</FieldError>
        <div className="mt-6 flex w-full flex-col gap-2">
          <Button variant="outline" disabled={busy} onClick={() => void send(sentTo)}>
            {busy ? 'Sending...' : 'Send the link again'}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setSentTo(null);
              setError(null);
            }}
          >
            Use a different email
          </Button>
        </div>
      </div>
    );
  }

  return (
    <>
      {failure && !sentOnce && (
        <div role="alert" className="grid gap-1 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <p>Authentication failed. Please try again.</p>
          {failure.reason && <p>{failure.reason}</p>}
          {failure.resendTo && (
            <Button
              variant="outline"
              className="mt-1 h-auto min-h-9 whitespace-normal text-foreground [overflow-wrap:anywhere]"
              disabled={busy}
              onClick={() => void send(failure.resendTo!)}
            >
              {busy ? 'Sending...' : `Send a new link to ${failure.resendTo}`}
            </Button>
          )}
        </div>
      )}
      <form className="grid gap-4" onSubmit={submit} noValidate>
        {askName && (
          <div className="grid gap-2">
            <Label htmlFor="full-name">Full name</Label>
            <Input
              ref={nameField}
              id="full-name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="Ada Lovelace"
              autoFocus
            />
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor="email">Email</Label>
          <Input
            ref={emailField}
            id="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@company.com"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'login-error' : undefined}
            autoFocus={!askName}
          />
        </div>
        <FieldError id="login-error">{error}</FieldError>
        <Button type="submit" disabled={busy || !email.trim()}>
          {busy ? 'Sending...' : submitLabel}
        </Button>
      </form>
    </>
  );
}
