import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/input';
import { signInOptionsQuery, signInWithProvider } from '../api/sign-in';

/** Google and Apple buttons, shown only when the server has their credentials. */
export function ProviderButtons() {
  const { data } = useQuery(signInOptionsQuery);
  const [error, setError] = useState<string | null>(null);
  if (!data?.google && !data?.apple) return null;

  const start = (provider: 'google' | 'apple') =>
    signInWithProvider(provider).catch((failure: Error) => setError(failure.message));

  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      {data.google && (
        <Button variant="outline" onClick={() => void start('google')}>
          Continue with Google
        </Button>
      )}
      {data.apple && (
        <Button variant="outline" onClick={() => void start('apple')}>
          Continue with Apple
        </Button>
      )}
      <FieldError>{error}</FieldError>
    </div>
  );
}
