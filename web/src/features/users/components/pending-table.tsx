import { X } from 'lucide-react';
import { useState } from 'react';
import type { PendingInviteDto } from '@common/members';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table } from '@/components/ui/table';
import { useMediaQuery, WIDER_THAN_PHONE } from '@/lib/use-media-query';
import { formatDate } from '@/lib/utils';
import { RoleBadge } from './role-badge';

const columns = [
  { label: 'Email' },
  { label: 'Role' },
  { label: 'Expires' },
  { label: 'Actions', align: 'right' as const },
];

/** When an invitation expires, or that it has. */
function Expiry({ invite, now }: { invite: PendingInviteDto; now: number }) {
  return new Date(invite.expires_at).getTime() <= now ? (
    <Badge variant="warning">Expired</Badge>
  ) : (
    <>{formatDate(invite.expires_at)}</>
  );
}

/** Pending tab: Email, Role, Expires, Actions; on a phone, a card per invitation. */
export function PendingTable({
  invites,
  canCancel,
  onCancel,
}: {
  invites: PendingInviteDto[];
  canCancel: boolean;
  onCancel: (invite: PendingInviteDto) => void;
}) {
  // Read once, when the table appears: rendering stays pure.
  const [now] = useState(Date.now);
  const wide = useMediaQuery(WIDER_THAN_PHONE);
  const cancelButton = (invite: PendingInviteDto) =>
    canCancel && (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onCancel(invite)}
        aria-label={`Cancel invitation to ${invite.email}`}
      >
        <X /> Cancel
      </Button>
    );

  if (!wide) {
    return (
      <ul className="grid gap-3" aria-label="Pending invitations">
        {invites.map((invite) => (
          <li
            key={invite.id}
            className="grid gap-3 rounded-xl border bg-card p-4 text-sm"
            data-testid={`invite-row-${invite.email}`}
          >
            <div className="font-medium [overflow-wrap:anywhere]">{invite.email}</div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <RoleBadge role={invite.role} />
              <span className="text-muted-foreground">
                Expires <Expiry invite={invite} now={now} />
              </span>
              <span className="ml-auto">{cancelButton(invite)}</span>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Table columns={columns} minWidth={560}>
      {invites.map((invite) => (
        <tr key={invite.id} data-testid={`invite-row-${invite.email}`}>
          <td className="max-w-72 truncate px-4 py-3 font-medium">{invite.email}</td>
          <td className="px-4 py-3">
            <RoleBadge role={invite.role} />
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
            <Expiry invite={invite} now={now} />
          </td>
          <td className="px-4 py-3 text-right">{cancelButton(invite)}</td>
        </tr>
      ))}
    </Table>
  );
}
