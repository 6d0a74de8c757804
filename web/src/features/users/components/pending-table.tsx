import { X } from 'lucide-react';
import { useState } from 'react';
import type { PendingInviteDto } from '@common/members';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table } from '@/components/ui/table';
import { formatDate } from '@/lib/utils';
import { RoleBadge } from './role-badge';

const columns = [
  { label: 'Email' },
  { label: 'Role' },
  { label: 'Expires' },
  { label: 'Actions', align: 'right' as const },
];

/** Pending tab: Email, Role, Expires, Actions. */
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
  return (
    <Table columns={columns} minWidth={560}>
      {invites.map((invite) => (
        <tr key={invite.id} data-testid={`invite-row-${invite.email}`}>
          <td className="max-w-72 truncate px-4 py-3 font-medium">{invite.email}</td>
          <td className="px-4 py-3">
            <RoleBadge role={invite.role} />
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
            {new Date(invite.expires_at).getTime() <= now ? (
              <Badge variant="warning">Expired</Badge>
            ) : (
              formatDate(invite.expires_at)
            )}
          </td>
          <td className="px-4 py-3 text-right">
            {canCancel && (
              <Button variant="ghost" size="sm" onClick={() => onCancel(invite)}>
                <X /> Cancel
              </Button>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
