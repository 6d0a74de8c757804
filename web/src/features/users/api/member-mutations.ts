import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelInvite, inviteUser, removeUser, transferOwnership, updateUserRole } from '@common/api/routes';
import type { AccountUsersDto } from '@common/members';
import type { AssignableRole, Role } from '@common/roles';
import { api } from '@/lib/api-client';
import { accountKeys, accountUsersKeys } from '@/features/accounts';

/** Applies `change` to the cached users list at once; returns how to undo it. */
function useOptimisticUsers(accountId: string) {
  const queryClient = useQueryClient();
  const key = accountUsersKeys.of(accountId);
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

const setRole = (users: AccountUsersDto, userId: string, role: Role) => ({
  ...users,
  members: users.members.map((m) => (m.user_id === userId ? { ...m, role } : m)),
});

/** PUT /api/updateUserRole, shown at once and rolled back on failure. */
export function useUpdateUserRole(accountId: string) {
  const cache = useOptimisticUsers(accountId);
  return useMutation({
    mutationFn: (input: { userId: string; role: AssignableRole }) =>
      api(updateUserRole, { json: { ...input, accountId } }),
    onMutate: (input) => cache.apply((users) => setRole(users, input.userId, input.role)),
    onError: (_error, _input, context) => cache.rollback(context),
    onSettled: cache.refresh,
  });
}

/** PUT /api/transferOwnership, shown at once and reset on failure. */
export function useTransferOwnership(accountId: string) {
  const cache = useOptimisticUsers(accountId);
  return useMutation({
    mutationFn: (input: { currentOwnerId: string; newOwnerId: string; newOwnerRole: AssignableRole }) =>
      api(transferOwnership, { json: { ...input, accountId } }),
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
    mutationFn: async (userId: string) => (await api(removeUser, { query: { userId, accountId } })).data,
    onSuccess: (result) => {
      if (result.left) {
        queryClient.removeQueries({ queryKey: accountKeys.one(accountId) });
        return queryClient.invalidateQueries({ queryKey: accountKeys.all, exact: true });
      }
      return queryClient.invalidateQueries({ queryKey: accountUsersKeys.of(accountId) });
    },
  });
}

/** POST /api/inviteUser. */
export function useInviteUser(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: AssignableRole }) => api(inviteUser, { json: { ...input, accountId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountUsersKeys.of(accountId) }),
  });
}

/** DELETE /api/cancelInvite. */
export function useCancelInvite(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => api(cancelInvite, { query: { inviteId, accountId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountUsersKeys.of(accountId) }),
  });
}
