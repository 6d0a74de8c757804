import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountUsersDto } from '@common/members';
import { apiFetch } from '@/lib/api-client';
import { accountKeys } from '@/features/accounts';
import { accountUsersKey } from './account-users-query';

type Role = 'admin' | 'member';

/** Applies `change` to the cached users list at once; returns how to undo it. */
function useOptimisticUsers(accountId: string) {
  const queryClient = useQueryClient();
  const key = accountUsersKey(accountId);
  return {
    async apply(change: (users: AccountUsersDto) => AccountUsersDto) {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AccountUsersDto>(key);
      if (previous) queryClient.setQueryData(key, change(previous));
      return { previous };
    },
    rollback(context: { previous?: AccountUsersDto } | undefined) {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
    refreshAccount: () => queryClient.invalidateQueries({ queryKey: accountKeys.one(accountId) }),
  };
}

const setRole = (users: AccountUsersDto, userId: string, role: AccountUsersDto['members'][number]['role']) => ({
  ...users,
  members: users.members.map((m) => (m.user_id === userId ? { ...m, role } : m)),
});

/** PUT /api/updateUserRole, shown at once and rolled back on failure. */
export function useUpdateUserRole(accountId: string) {
  const cache = useOptimisticUsers(accountId);
  return useMutation({
    mutationFn: (input: { userId: string; role: Role }) =>
      apiFetch('/api/updateUserRole', { method: 'PUT', body: { ...input, accountId } }),
    onMutate: (input) => cache.apply((users) => setRole(users, input.userId, input.role)),
    onError: (_error, _input, context) => cache.rollback(context),
    onSettled: cache.refresh,
  });
}

/** PUT /api/transferOwnership, shown at once and reset on failure. */
export function useTransferOwnership(accountId: string) {
  const cache = useOptimisticUsers(accountId);
  return useMutation({
    mutationFn: (input: { currentOwnerId: string; newOwnerId: string; newOwnerRole: Role }) =>
      apiFetch('/api/transferOwnership', { method: 'PUT', body: { ...input, accountId } }),
    onMutate: (input) =>
      cache.apply((users) => ({
        ...setRole(setRole(users, input.currentOwnerId, input.newOwnerRole), input.newOwnerId, 'owner'),
        currentUserRole: input.newOwnerRole,
      })),
    onError: (_error, _input, context) => cache.rollback(context),
    onSettled: () => Promise.all([cache.refresh(), cache.refreshAccount()]),
  });
}

/** DELETE /api/removeUser: remove someone, or leave when it is yourself. */
export function useRemoveUser(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<{ left: boolean; newOwnerId: string | null }>(`/api/removeUser?userId=${userId}&accountId=${accountId}`, { method: 'DELETE' }),
    onSuccess: (result) => {
      if (result.left) {
        queryClient.removeQueries({ queryKey: accountKeys.one(accountId) });
        return queryClient.invalidateQueries({ queryKey: accountKeys.all, exact: true });
      }
      return queryClient.invalidateQueries({ queryKey: accountUsersKey(accountId) });
    },
  });
}

/** POST /api/inviteUser. */
export function useInviteUser(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: Role }) => apiFetch('/api/inviteUser', { method: 'POST', body: { ...input, accountId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountUsersKey(accountId) }),
  });
}

/** DELETE /api/cancelInvite. */
export function useCancelInvite(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => apiFetch(`/api/cancelInvite?inviteId=${inviteId}&accountId=${accountId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountUsersKey(accountId) }),
  });
}
