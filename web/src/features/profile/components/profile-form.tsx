import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { fullNameSchema } from '@common/profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label } from '@/components/ui/input';
import { useSchemaForm, WHOLE_FORM } from '@/lib/schema-form';
import { meQuery, useUpdateProfile } from '../api/profile';
import { AvatarField } from './avatar-field';

/** Settings > Profile: the user's full name (and e-mail, read-only). */
export function ProfileForm() {
  const me = useQuery(meQuery);
  const update = useUpdateProfile();
  const savedName = me.data?.profile.full_name;
  const [name, setName] = useState(savedName ?? '');
  const form = useSchemaForm(fullNameSchema);
  const error = form.errors[WHOLE_FORM];
  // When the saved name arrives or changes, the field shows it.
  const [shownSavedName, setShownSavedName] = useState(savedName);
  if (savedName !== shownSavedName) {
    setShownSavedName(savedName);
    setName(savedName ?? '');
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fullName = form.check(name);
    if (fullName === undefined) return;
    update.mutate(fullName, {
      onSuccess: () => toast.success('Profile updated'),
      onError: (failure) => form.fail(failure.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How your teammates see you.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AvatarField />
        <form className="grid max-w-md gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="email-readonly">Email</Label>
            <Input id="email-readonly" value={me.data?.email ?? ''} disabled />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="profile-full-name">Full name</Label>
            <Input
              id="profile-full-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={Boolean(error)}
            />
            <FieldError>{error}</FieldError>
          </div>
          <div>
            <Button type="submit" disabled={update.isPending || !me.data || name === (me.data.profile.full_name ?? '')}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
