import type { SignInSession } from '@common/login-sessions';
import { Globe, LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const METHODS: Record<string, string> = { 'magic-link': 'E-mail link', google: 'Google', apple: 'Apple' };

/** How a session was signed in, in words. */
export const signInMethodLabel = (method: string | null) => (method ? (METHODS[method] ?? method) : 'Unknown method');

/** Date and time as en-GB shows them (21 Nov 2026, 14:05). */
const when = (value: string) =>
  new Date(value).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

function DeviceIcon({ device }: { device: string }) {
  const Icon = /iPhone|Android|mobile/.test(device) ? Smartphone : /iPad/.test(device) ? Tablet : Monitor;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
      <Icon className="size-5" />
    </span>
  );
}

/** One sign-in: device and browser, place, method, started and last active; others can be signed out. */
export function SessionRow({
  session,
  onSignOut,
  busy,
}: {
  session: SignInSession;
  onSignOut: () => void;
  busy: boolean;
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="session-row">
      <div className="flex min-w-0 flex-1 gap-3">
        <DeviceIcon device={session.device} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">
              {session.browser} on {session.device}
            </span>
            {session.current && <Badge variant="success">This device</Badge>}
          </div>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
            <Globe className="size-3.5 shrink-0" />
            <span className="truncate">{session.ipAddress ?? 'Unknown'}</span>
            <span aria-hidden>·</span>
            <span>{signInMethodLabel(session.signInMethod)}</span>
          </p>
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
            <div className="flex gap-1">
              <dt>Signed in</dt>
              <dd className="text-foreground/80">{when(session.createdAt)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Last active</dt>
              <dd className="text-foreground/80">{session.current ? 'Now' : when(session.lastActiveAt)}</dd>
            </div>
          </dl>
        </div>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" className="self-start sm:self-center" disabled={busy} onClick={onSignOut}>
          <LogOut /> Sign Out
        </Button>
      )}
    </li>
  );
}
