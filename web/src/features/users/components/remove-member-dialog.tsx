import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { MemberDto } from '@common/members';
import { displayNameOf } from '@common/profile';
import { ConfirmDialog } from '@/components/ui/dialog';
import { clearAccountPreferences } from '@/lib/account-preferences';
import { paths } from '@/lib/paths';
import { useRemoveUser } from '../api/member-mutations';

/** Remove someone, or leave (then /accounts). An owner who leaves hands over ownership. */
export function RemoveMemberDialog(props: {
  accountId: string;
  accountName: string;
  member: MemberDto | null;
  leaving: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const remove = useRemoveUser(props.accountId);
  const name = props.member ? displayNameOf(props.member.profiles.full_name, props.member.profiles.email) : '';

  const confirm = () => {
    if (!props.member) return;
    remove.mutate(props.member.user_id, {
      onSuccess: () => {
        props.onClose();
        if (props.leaving) {
          clearAccountPreferences();
          toast.success(`You left ${props.accountName}`);
          navigate(paths.accounts(), { replace: true });
        } else {
          toast.success(`${name} was removed`);
        }
      },
      onError: (failure) => {
        props.onClose();
        toast.error('Failed to remove user. Please try again.', { description: failure.message });
      },
    });
  };

  const description = props.leaving
    ? props.member?.role === 'owner'
      ? `You will lose access to ${props.accountName}. Ownership passes to the longest-standing admin (or member).`
      : `You will lose access to ${props.accountName} until someone invites you again.`
    : `${name} will lose access to ${props.accountName}.`;

  return (
    <ConfirmDialog
      open={Boolean(props.member)}
      onOpenChange={(open) => !open && props.onClose()}
      title={props.leaving ? `Leave ${props.accountName}?` : `Remove ${name}?`}
      description={description}
      confirmLabel={props.leaving ? 'Leave Account' : 'Remove user'}
      busyLabel={props.leaving ? 'Leaving...' : 'Removing...'}
      busy={remove.isPending}
      destructive
      onConfirm={confirm}
    />
  );
}
