import type { AssignableRole } from '@common/roles';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { INVITE_CONFLICT_CODES, INVITE_LIFETIME_DAYS, inviteEmailSchema } from '@common/members';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm, WHOLE_FORM } from '@/lib/schema-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useInviteUser } from '../api/member-mutations';

const isInviteConflict = (code: string | undefined) =>
  Object.values<string | undefined>(INVITE_CONFLICT_CODES).includes(code);

/** Invite dialog: e-mail (validated), role; an address already invited or already a member is said under the field. */
export function InviteUserDialog(props: {
  accountId: string;
  canInviteAdmin: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invite = useInviteUser(props.accountId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const form = useSchemaForm(inviteEmailSchema);
  const error = form.errors[WHOLE_FORM];

  const close = () => {
    props.onOpenChange(false);
    setEmail('');
    setRole('member');
    form.clear();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invitedEmail = form.check(email);
    if (invitedEmail === undefined) return;
    invite.mutate(
      { email: invitedEmail, role },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${invitedEmail}`);
          close();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && isInviteConflict(failure.code)) form.fail(failure.message);
          // Refused by role (it changed since the page loaded): the spec's pair, the reason under the title.
          else if (failure instanceof ApiError && failure.status === 403)
            toast.error('Permission denied', { description: failure.message });
          else toast.error('Failed to send invitation', { description: failure.message });
        },
      },
    );
  };

  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? props.onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader
          title="Invite a user"
          description={`We will e-mail them a link to join. Invitations expire after ${INVITE_LIFETIME_DAYS} days.`}
        />
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              type="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="colleague@company.com"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'invite-email-error' : undefined}
              autoFocus
            />
            <FieldError id="invite-email-error">{error}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="invite-role">Role</Label>
            <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as AssignableRole)}>
              <option value="member">Member</option>
              {props.canInviteAdmin && <option value="admin">Admin</option>}
            </Select>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!email.trim() || invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send invitation'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
