import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fullNameSchema } from '@common/profile';
import { Button } from '@/components/ui/button';
import { FieldError, Input } from '@/components/ui/input';
import { useSchemaForm, WHOLE_FORM } from '@/lib/schema-form';
import { meQuery, useSkipNamePrompt, useUpdateProfile } from '../api/profile';

/**
 * After the first sign-in, someone without a name is asked for one, once: a bar
 * above the page (never a dialog in the way), which goes when they give a name
 * or skip (remembered on the server). Until then Lore calls them by their
 * e-mail's name part.
 */
export function NamePrompt() {
  const me = useQuery(meQuery);
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const skip = useSkipNamePrompt();
  const [name, setName] = useState('');
  const form = useSchemaForm(fullNameSchema);
  const error = form.errors[WHOLE_FORM];
  if (!me.data?.ask_for_name) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fullName = form.check(name);
    if (fullName === undefined) return;
    update.mutate(fullName, {
      // Lists and articles name people: they fetch again with the new name.
      onSuccess: () => void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'me' }),
      onError: (failure) => form.fail(failure.message),
    });
  };

  const busy = update.isPending || skip.isPending;
  return (
    <section aria-labelledby="name-prompt-title" className="border-b bg-card" data-testid="name-prompt">
      <form
        className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6"
        onSubmit={submit}
        noValidate
      >
        <div className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground sm:flex">
          <UserRound className="size-4" />
        </div>
        <div className="min-w-0 flex-1 text-sm">
          <h2 id="name-prompt-title" className="font-medium">
            What should your team call you?
          </h2>
          <p className="text-muted-foreground [overflow-wrap:anywhere]">
            Your name shows on what you write. Until you give one, Lore calls you “{me.data.display_name}”.
          </p>
        </div>
        <div className="grid gap-1">
          <div className="flex flex-wrap gap-2">
            <Input
              className="min-w-0 flex-1 sm:w-56"
              aria-label="Your name"
              autoComplete="name"
              placeholder="Ada Lovelace"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'name-prompt-error' : undefined}
            />
            <Button type="submit" disabled={busy || !name.trim()}>
              {update.isPending ? 'Setting...' : 'Set name'}
            </Button>
            <Button type="button" variant="ghost" disabled={busy} onClick={() => skip.mutate()}>
              Skip
            </Button>
          </div>
          <FieldError id="name-prompt-error">{error ?? (skip.isError ? skip.error.message : null)}</FieldError>
        </div>
      </form>
    </section>
  );
}
