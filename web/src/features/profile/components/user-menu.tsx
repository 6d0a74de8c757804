import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ChevronsUpDown, Inbox, LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { PersonAvatar } from '@/components/layout/person-avatar';
import { useSignOut } from '@/features/auth';
import { paths } from '@/lib/paths';
import { displayName, meQuery } from '../api/profile';

/** The signed-in person: profile, invitations and sign-out. */
export function UserMenu({ accountId }: { accountId: string }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const me = useQuery(meQuery);
  const queryClient = useQueryClient();
  const renewAvatar = useCallback(() => void queryClient.invalidateQueries(meQuery), [queryClient]);
  const name = displayName(me.data, 'Your profile');

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer">
        {/* Named by what it shows, then what it does (the visible text stays part of the name). */}
        <span className="sr-only">User menu: </span>
        <PersonAvatar name={name} url={me.data?.profile.avatar_url} onExpired={renewAvatar} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{name}</span>
          <span className="block truncate text-xs text-muted-foreground">{me.data?.email}</span>
        </span>
        <ChevronsUpDown className="size-4 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="top" className="w-60">
        <DropdownMenuLabel className="truncate">{me.data?.email}</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => navigate(paths.account(accountId).settings('profile'))}>
          <UserRound /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.invitations())}>
          <Inbox /> Invitations
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
