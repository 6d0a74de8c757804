import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptInvitation, declineInvitation, listMyInvitations } from '@common/api/routes';
import type { ApiInput } from '@common/api/client';
import type * as endpoints from '@common/api/invitations';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/features/accounts';

/** GET /api/invitations: the signed-in user's pending invitations (and the e-mailed token's status). */
export const myInvitationsQuery = (token?: string | null) =>
  queryOptions({
    queryKey: ['my-invitations', token ?? null],
    queryFn: async ({ signal }) =>
      (await api(listMyInvitations, { query: { token: token ?? undefined } }, { signal })).data,
  });

/** POST /api/acceptInvitation; resolves to the account joined. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApiInput<typeof endpoints.acceptInvitation>['json']) =>
      (await api(acceptInvitation, { json: input })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['my-invitations'] }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all, exact: true }),
      ]),
  });
}

/** POST /api/declineInvitation. */
export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<typeof endpoints.declineInvitation>['json']) =>
      api(declineInvitation, { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-invitations'] }),
  });
}
