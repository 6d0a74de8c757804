import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { createAccount, deleteAccount, renameAccount } from '@common/api/routes';
import { api } from '@/lib/api-client';
import { randomId } from '@/lib/random-id';
import { accountKeys } from './account-keys';

/**
 * POST /api/accounts: a new workspace owned by the caller. One idempotency key
 * per workspace being made: a create tried again after its answer was lost gets
 * the workspace the first made; a new key once it is made.
 */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  const idempotencyKey = useRef(randomId());
  return useMutation({
    mutationFn: async (name: string) =>
      (await api(createAccount, { json: { name } }, { idempotencyKey: idempotencyKey.current })).data,
    onSuccess: (account) => {
      idempotencyKey.current = randomId();
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
