import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAccount, deleteAccount, renameAccount } from '@common/api/accounts';
import { api } from '@/lib/api-client';
import { accountKeys } from './accounts-queries';

/** POST /api/accounts: a new workspace owned by the caller. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await api(createAccount, { json: { name } })).data,
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
    mutationFn: async (name: string) => (await api(renameAccount, { params: { accountId }, json: { name } })).data,
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
    mutationFn: () => api(deleteAccount, { params: { accountId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: accountKeys.one(accountId) });
      return queryClient.invalidateQueries({ queryKey: accountKeys.all, exact: true });
    },
  });
}
