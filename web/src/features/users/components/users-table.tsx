import { Crown, LogOut, MoreHorizontal, ShieldCheck, UserMinus, UserRoundCog } from 'lucide-react';
import type { MemberDto } from '@common/members';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table } from '@/components/ui/table';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatDate } from '@/lib/utils';
import { MemberIdentity } from './member-identity';
import { RoleBadge } from './role-badge';

const columns = [
  { label: 'User' },
  { label: 'Role' },
  { label: '2FA' },
  { label: 'Joined' },
  { label: 'Actions', align: 'right' as const },
];

export type MemberAction = 'changeRole' | 'makeOwner' | 'remove' | 'leave' | 'twoFactor';

const TwoFactorBadge = ({ on }: { on: boolean }) =>
  on ? (
    <Badge variant="success">
      <ShieldCheck className="size-3" /> Enabled
    </Badge>
  ) : (
    <Badge variant="muted">Off</Badge>
  );

/** Users tab: User, Role, 2FA, Joined, Actions; only the actions the caller may take are offered. */
export function UsersTable({
  members,
  currentUserId,
  onAction,
  onAvatarExpired,
}: {
  members: MemberDto[];
  currentUserId: string;
  onAction: (action: MemberAction, member: MemberDto) => void;
  /** An avatar URL in the list has expired or failed: the list should be fetched again. */
  onAvatarExpired?: () => void;
}) {
  return (
    <Table columns={columns} minWidth={640}>
      {members.map((member) => {
        const { policies } = member;
        const hasActions = policies.changeRole || policies.makeOwner || policies.remove || policies.leave;
        const name = member.profiles.full_name || member.profiles.email;
        return (
          <tr key={member.user_id} data-testid={`member-row-${member.profiles.email}`}>
            <td className="max-w-72 px-4 py-3">
              <MemberIdentity
                name={member.profiles.full_name}
                email={member.profiles.email}
                you={member.user_id === currentUserId}
                avatarUrl={member.profiles.avatar_url}
                onAvatarExpired={onAvatarExpired}
              />
            </td>
            <td className="px-4 py-3">
              <RoleBadge role={member.role} />
            </td>
            <td className="px-4 py-3">
              {/* The two-factor dialog opens only from one's own row. */}
              {member.user_id === currentUserId ? (
                <button
                  type="button"
                  className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label="Two-factor authentication settings"
                  onClick={() => onAction('twoFactor', member)}
                >
                  <TwoFactorBadge on={member.profiles.mfa_enabled} />
                </button>
              ) : (
                <TwoFactorBadge on={member.profiles.mfa_enabled} />
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
    </Table>
  );
}
