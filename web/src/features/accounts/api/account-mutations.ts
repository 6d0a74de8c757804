import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDto } from '@common/accounts';
import { apiFetch } from '@/lib/api-client';
import { accountKeys } from './accounts-queries';

/** POST /api/accounts: a new workspace owned by the caller. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<AccountDto>('/api/accounts', { method: 'POST', body: { name } }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.one(account.id), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.all, exact: true });
    },
  });
}

/** PATCH /api/accounts/:id: rename. */
export function useRenameAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<AccountDto>(`/api/accounts/${accountId}`, { method: 'PATCH', body: { name } }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.one(accountId), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.all, exact: true });
    },
  });
}

/** DELETE /api/accounts/:id: owner only. */
export function useDeleteAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`/api/accounts/${accountId}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: accountKeys.one(accountId) });
      return queryClient.invalidateQueries({ queryKey: accountKeys.all, exact: true });
    },
  });
}
