import { X } from 'lucide-react';
import type { PendingInviteDto } from '@common/members';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/utils';
import { RoleBadge } from './role-badge';

/** Pending tab: Email, Role, Expires, Actions. */
export function PendingTable({ invites, canCancel, onCancel }: { invites: PendingInviteDto[]; canCancel: boolean; onCancel: (invite: PendingInviteDto) => void }) {
  const now = Date.now();
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full min-w-[560px] text-sm">
        <thead className="bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th className="px-4 py-3 font-medium">Email</th>
            <th className="px-4 py-3 font-medium">Role</th>
            <th className="px-4 py-3 font-medium">Expires</th>
            <th className="px-4 py-3 text-right font-medium">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {invites.map((invite) => (
            <tr key={invite.id} data-testid={`invite-row-${invite.email}`}>
              <td className="max-w-72 truncate px-4 py-3 font-medium">{invite.email}</td>
              <td className="px-4 py-3">
                <RoleBadge role={invite.role} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                {new Date(invite.expires_at).getTime() <= now ? <Badge variant="warning">Expired</Badge> : formatDate(invite.expires_at)}
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
        </tbody>
      </table>
    </div>
  );
}
