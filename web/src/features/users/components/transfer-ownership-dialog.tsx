import type { AssignableRole } from '@common/roles';
import { useState } from 'react';
import { toast } from 'sonner';
import type { MemberDto } from '@common/members';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useTransferOwnership } from '../api/member-mutations';

/** Transfer ownership: choose the new owner and the role the current owner keeps. */
export function TransferOwnershipDialog(props: {
  accountId: string;
  currentOwnerId: string;
  members: MemberDto[];
  initialNewOwner: MemberDto | null;
  open: boolean;
  onClose: () => void;
}) {
  const transfer = useTransferOwnership(props.accountId);
  const [newOwnerId, setNewOwnerId] = useState(props.initialNewOwner?.user_id ?? '');
  const [keptRole, setKeptRole] = useState<AssignableRole>('admin');
  const [error, setError] = useState<string | null>(null);
  // Each opening (or a new preselected owner while open) starts afresh.
  const [shown, setShown] = useState({ open: props.open, initialNewOwner: props.initialNewOwner });
  if (props.open !== shown.open || props.initialNewOwner !== shown.initialNewOwner) {
    setShown({ open: props.open, initialNewOwner: props.initialNewOwner });
    if (props.open) {
      setNewOwnerId(props.initialNewOwner?.user_id ?? '');
      setKeptRole('admin');
      setError(null);
    }
  }
  const candidates = props.members.filter((m) => m.user_id !== props.currentOwnerId);

  const confirm = () => {
    if (!newOwnerId) return setError('Please choose the new owner');
    if (newOwnerId === props.currentOwnerId) return setError('The new owner cannot be the current owner');
    transfer.mutate(
      { currentOwnerId: props.currentOwnerId, newOwnerId, newOwnerRole: keptRole },
      {
        onSuccess: () => toast.success('Ownership transferred'),
        onError: (failure) => toast.error(`Failed to transfer ownership: ${failure.message}`),
      },
    );
    props.onClose();
  };

  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent>
        <DialogHeader
          title="Transfer ownership"
          description="The new owner can change roles, transfer ownership again and delete the account."
        />
        <div className="grid gap-2">
          <Label htmlFor="new-owner">New owner</Label>
          <Select
            id="new-owner"
            value={newOwnerId}
            onChange={(e) => setNewOwnerId(e.target.value)}
            aria-invalid={Boolean(error)}
          >
            <option value="">Choose a member...</option>
            {candidates.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.profiles.full_name ? `${m.profiles.full_name} (${m.profiles.email})` : m.profiles.email}
              </option>
            ))}
          </Select>
          <FieldError>{error}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="kept-role">Your role afterwards</Label>
          <Select id="kept-role" value={keptRole} onChange={(e) => setKeptRole(e.target.value as AssignableRole)}>
            <option value="admin">Admin</option>
            <option value="member">Member</option>
          </Select>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!newOwnerId}>
            Transfer ownership
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
