import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { meQuery } from '@/features/profile';
import { TwoFactorDialog } from './two-factor-dialog';

/** Settings > Profile: whether two-factor is on, and the button to the set-up dialog. */
export function TwoFactorCard() {
  const me = useQuery(meQuery);
  const [open, setOpen] = useState(false);
  const on = me.data?.profile.mfa_enabled ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Two-factor authentication {on ? <Badge variant="success">On</Badge> : <Badge variant="muted">Off</Badge>}
        </CardTitle>
        <CardDescription>Ask for a code from an authenticator app at every sign-in.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          {on ? 'Manage two-factor' : 'Set up two-factor'}
        </Button>
        <TwoFactorDialog open={open} onOpenChange={setOpen} />
      </CardContent>
    </Card>
  );
}
