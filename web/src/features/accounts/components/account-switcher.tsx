import { useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown, LayoutGrid, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AccountDto } from '@common/accounts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Initials } from '@/components/layout/initials';
import { paths } from '@/lib/paths';
import { accountsQuery } from '../api/accounts-queries';

// Loaded when first opened: the switcher is on every workspace page, and the form (with its schema, and zod) on none of their first loads.
const CreateAccountDialog = lazy(() =>
  import('./create-account-dialog').then((m) => ({ default: m.CreateAccountDialog })),
);

const roleLabel = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/** The current workspace, and a menu to switch to another or create one. */
export function AccountSwitcher({ account }: { account: AccountDto }) {
  const navigate = useNavigate();
  const accounts = useQuery(accountsQuery);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer">
          {/* Named by what it shows, then what it does (the visible text stays part of the name). */}
          <span className="sr-only">Switch workspace: </span>
          <Initials name={account.name} className="bg-primary text-primary-foreground" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold" data-testid="current-account-name">
              {account.name}
            </span>
            <span className="block text-xs text-muted-foreground">{roleLabel[account.role]}</span>
          </span>
          <ChevronsUpDown className="size-4 text-muted-foreground" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
          {accounts.data?.map((item) => (
            <DropdownMenuItem key={item.id} onSelect={() => navigate(paths.account(item.id).dashboard())}>
              <Initials name={item.name} className="size-6 text-[10px]" />
              <span className="flex-1 truncate">{item.name}</span>
              {item.id === account.id && <Check className="!text-primary" />}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus /> Create workspace
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(paths.accounts({ all: true }))}>
            <LayoutGrid /> All workspaces
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {creating && (
        <Suspense fallback={null}>
          <CreateAccountDialog open onOpenChange={setCreating} />
        </Suspense>
      )}
    </>
  );
}
