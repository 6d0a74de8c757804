import type { AssignableRole } from '@common/roles';
import { useState } from 'react';
import { toast } from 'sonner';
import type { MemberDto } from '@common/members';
import { displayNameOf } from '@common/profile';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useUpdateUserRole } from '../api/member-mutations';

/** Change role: admin or member; Save stays disabled while the role is unchanged. */
export function ChangeRoleDialog({
  accountId,
  member,
  onClose,
}: {
  accountId: string;
  member: MemberDto | null;
  onClose: () => void;
}) {
  const update = useUpdateUserRole(accountId);
  const [role, setRole] = useState<AssignableRole>(member && member.role !== 'owner' ? member.role : 'member');
  // Opening the dialog for a member starts from that member's role.
  const [shownMember, setShownMember] = useState(member);
  if (member !== shownMember) {
    setShownMember(member);
    if (member && member.role !== 'owner') setRole(member.role);
  }
  const name = member ? displayNameOf(member.profiles.full_name, member.profiles.email) : '';

  const save = () => {
    if (!member) return;
    update.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => toast.success(`${name} is now ${role === 'admin' ? 'an admin' : 'a member'}`),
        onError: (failure) => toast.error(`Failed to update role: ${failure.message}`),
      },
    );
    onClose();
  };

  return (
    <Dialog open={Boolean(member)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader
          title="Change role"
          description="Admins can invite people and remove members. Members read and write knowledge."
        />
        <div className="grid gap-2">
          <Label htmlFor="member-role">Role for {name}</Label>
          <Select id="member-role" value={role} onChange={(e) => setRole(e.target.value as AssignableRole)}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </Select>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={!member || role === member.role}>
            Save
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
