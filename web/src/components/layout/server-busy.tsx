import { Hourglass, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useServerBusySeconds } from '@/lib/server-busy';

/** The words for Lore answering that it is busy: not the person's connection, and it retries by itself. */
export const busyText = (seconds: number) => `Lore is busy, trying again in ${seconds} s`;

/**
 * The whole page while the session check was answered 'busy' (or failed on the server): counts
 * down from `seconds` and asks again by itself; Try Again asks now. Offline is another screen.
 */
export function ServerBusyScreen({
  seconds,
  onRetry,
  retrying,
}: {
  seconds: number;
  onRetry: () => void;
  retrying: boolean;
}) {
  const [retryAt] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const tick = setInterval(() => {
      const next = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) {
        clearInterval(tick);
        onRetry();
      }
    }, 250);
    return () => clearInterval(tick);
  }, [retryAt, onRetry]);
  return (
    <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Hourglass className="size-6" />
      </div>
      <h1 className="text-lg font-semibold">Lore is busy</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        {retrying || left === 0 ? 'Lore is busy, trying again now' : busyText(left)}. You are still signed in, and your
        connection is fine.
      </p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw /> {retrying ? 'Trying again...' : 'Try Again'}
      </Button>
    </div>
  );
}

/** Above the page in the shell, while Lore has said it is busy: what it showed stays, and it retries by itself. */
export function ServerBusyBanner() {
  const seconds = useServerBusySeconds();
  if (seconds === 0) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b bg-accent px-4 py-2 text-sm text-accent-foreground"
    >
      <Hourglass className="size-4 shrink-0" /> {busyText(seconds)}
    </div>
  );
}
