import { Crown, LogOut, MoreHorizontal, ShieldCheck, UserMinus, UserRoundCog } from 'lucide-react';
import type { MemberDto } from '@common/members';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { formatDate } from '@/lib/utils';
import { MemberIdentity } from './member-identity';
import { RoleBadge } from './role-badge';

export type MemberAction = 'changeRole' | 'makeOwner' | 'remove' | 'leave';

/** Users tab: User, Role, 2FA, Joined, Actions; only the actions the caller may take are offered. */
export function UsersTable({ members, currentUserId, onAction }: { members: MemberDto[]; currentUserId: string; onAction: (action: MemberAction, member: MemberDto) => void }) {
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full min-w-[640px] text-sm">
        <thead className="bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th className="px-4 py-3 font-medium">User</th>
            <th className="px-4 py-3 font-medium">Role</th>
            <th className="px-4 py-3 font-medium">2FA</th>
            <th className="px-4 py-3 font-medium">Joined</th>
            <th className="px-4 py-3 text-right font-medium">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {members.map((member) => {
            const { policies } = member;
            const hasActions = policies.changeRole || policies.makeOwner || policies.remove || policies.leave;
            const name = member.profiles.full_name || member.profiles.email;
            return (
              <tr key={member.user_id} data-testid={`member-row-${member.profiles.email}`}>
                <td className="max-w-72 px-4 py-3">
                  <MemberIdentity name={member.profiles.full_name} email={member.profiles.email} you={member.user_id === currentUserId} />
                </td>
                <td className="px-4 py-3">
                  <RoleBadge role={member.role} />
                </td>
                <td className="px-4 py-3">
                  {member.profiles.mfa_enabled ? (
                    <Badge variant="success"><ShieldCheck className="size-3" /> Enabled</Badge>
                  ) : (
                    <Badge variant="muted">Off</Badge>
                  )}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDate(member.created_at)}</td>
                <td className="px-4 py-3 text-right">
                  {hasActions && (
                    <DropdownMenu>
                      <DropdownMenuTrigger asChild>
                        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
                          <MoreHorizontal />
                        </Button>
                      </DropdownMenuTrigger>
                      <DropdownMenuContent align="end">
                        {policies.changeRole && (
                          <DropdownMenuItem onSelect={() => onAction('changeRole', member)}>
                            <UserRoundCog /> Change role
                          </DropdownMenuItem>
                        )}
                        {policies.makeOwner && (
                          <DropdownMenuItem onSelect={() => onAction('makeOwner', member)}>
                            <Crown /> Transfer ownership
                          </DropdownMenuItem>
                        )}
                        {policies.remove && (
                          <DropdownMenuItem className="text-destructive" onSelect={() => onAction('remove', member)}>
                            <UserMinus /> Remove user
                          </DropdownMenuItem>
                        )}
                        {policies.leave && (
                          <DropdownMenuItem className="text-destructive" onSelect={() => onAction('leave', member)}>
                            <LogOut /> Leave Account
                          </DropdownMenuItem>
                        )}
                      </DropdownMenuContent>
                    </DropdownMenu>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
