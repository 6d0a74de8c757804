import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Logo } from './logo';

/** Shown while sign-in and account checks run; offers a reload if they take over 5 s. web/index.html shows its look before any code has come. */
export function GlobalLoader() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 5000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6" data-testid="global-loader">
      <Logo />
      <Spinner className="size-6" />
      {slow && (
        <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
          <p>This is taking longer than usual.</p>
          <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
      )}
    </div>
  );
}
