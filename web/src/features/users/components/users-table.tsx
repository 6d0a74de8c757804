import { Crown, LogOut, MoreHorizontal, ShieldCheck, UserMinus, UserRoundCog, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MemberDto } from '@common/members';
import { displayNameOf } from '@common/profile';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table } from '@/components/ui/table';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useMediaQuery, WIDER_THAN_PHONE } from '@/lib/use-media-query';
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

/** The row actions, in menu order, each shown only when the member's `policies` allow it. */
const actions: Array<{ action: Exclude<MemberAction, 'twoFactor'>; label: string; icon: LucideIcon; danger?: true }> = [
  { action: 'changeRole', label: 'Change role', icon: UserRoundCog },
  { action: 'makeOwner', label: 'Transfer ownership', icon: Crown },
  { action: 'remove', label: 'Remove user', icon: UserMinus, danger: true },
  { action: 'leave', label: 'Leave Account', icon: LogOut, danger: true },
];

const allowedActions = (member: MemberDto) => actions.filter(({ action }) => member.policies[action]);

interface MembersProps {
  members: MemberDto[];
  currentUserId: string;
  onAction: (action: MemberAction, member: MemberDto) => void;
  /** An avatar URL in the list has expired or failed: the list should be fetched again. */
  onAvatarExpired?: () => void;
}

const TwoFactorBadge = ({ on }: { on: boolean }) =>
  on ? (
    <Badge variant="success">
      <ShieldCheck className="size-3" /> Enabled
    </Badge>
  ) : (
    <Badge variant="muted">Off</Badge>
  );

/** The 2FA state; on one's own row, the button that opens the two-factor dialog (it opens from nowhere else). */
function TwoFactorState({ member, own, onOpen }: { member: MemberDto; own: boolean; onOpen: () => void }) {
  if (!own) return <TwoFactorBadge on={member.profiles.mfa_enabled} />;
  return (
    <button
      type="button"
      className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      onClick={onOpen}
    >
      <span className="sr-only">Two-factor authentication settings: </span>
      <TwoFactorBadge on={member.profiles.mfa_enabled} />
    </button>
  );
}

/**
 * Users tab: User, Role, 2FA, Joined, Actions; only the actions the caller may
 * take are offered. On a phone, a card per person with everything in view.
 */
export function UsersTable(props: MembersProps) {
  const wide = useMediaQuery(WIDER_THAN_PHONE);
  return wide ? <MembersTable {...props} /> : <MemberCards {...props} />;
}

function MembersTable({ members, currentUserId, onAction, onAvatarExpired }: MembersProps) {
  return (
    <Table columns={columns} minWidth={640}>
      {members.map((member) => {
        const allowed = allowedActions(member);
        const name = displayNameOf(member.profiles.full_name, member.profiles.email);
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
              <TwoFactorState
                member={member}
                own={member.user_id === currentUserId}
                onOpen={() => onAction('twoFactor', member)}
              />
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDate(member.created_at)}</td>
            <td className="px-4 py-3 text-right">
              {allowed.length > 0 && (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
                      <MoreHorizontal />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    {allowed.map(({ action, label, icon: Icon, danger }) => (
                      <DropdownMenuItem
                        key={action}
                        className={danger ? 'text-destructive' : undefined}
                        onSelect={() => onAction(action, member)}
                      >
                        <Icon /> {label}
                      </DropdownMenuItem>
                    ))}
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

/** A card per person: who, then Role, 2FA and Joined side by side, then the actions as buttons. */
function MemberCards({ members, currentUserId, onAction, onAvatarExpired }: MembersProps) {
  return (
    <ul className="grid gap-3" aria-label="Users">
      {members.map((member) => {
        const allowed = allowedActions(member);
        return (
          <li
            key={member.user_id}
            className="grid gap-3 rounded-xl border bg-card p-4 text-sm"
            data-testid={`member-row-${member.profiles.email}`}
          >
            <MemberIdentity
              name={member.profiles.full_name}
              email={member.profiles.email}
              you={member.user_id === currentUserId}
              avatarUrl={member.profiles.avatar_url}
              onAvatarExpired={onAvatarExpired}
            />
            <dl className="grid grid-cols-3 gap-2">
              <Fact label="Role">
                <RoleBadge role={member.role} />
              </Fact>
              <Fact label="2FA">
                <TwoFactorState
                  member={member}
                  own={member.user_id === currentUserId}
                  onOpen={() => onAction('twoFactor', member)}
                />
              </Fact>
              <Fact label="Joined">{formatDate(member.created_at)}</Fact>
            </dl>
            {allowed.length > 0 && (
              <div className="flex flex-wrap gap-2">
                {allowed.map(({ action, label, icon: Icon, danger }) => (
                  <Button
                    key={action}
                    variant="outline"
                    size="sm"
                    className={danger ? 'text-destructive' : undefined}
                    onClick={() => onAction(action, member)}
                  >
                    <Icon /> {label}
                  </Button>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** One labelled fact on a member's card. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
