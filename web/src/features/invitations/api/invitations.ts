import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyInvitationDto } from '@common/members';
import { apiFetch } from '@/lib/api-client';
import { accountKeys } from '@/features/accounts';

export interface MyInvitations {
  invitations: MyInvitationDto[];
  tokenInviteId: string | null;
  tokenError: string | null;
}

/** GET /api/invitations: the signed-in user's pending invitations (and the e-mailed token's status). */
export const myInvitationsQuery = (token?: string | null) =>
  queryOptions({
    queryKey: ['my-invitations', token ?? null],
    queryFn: ({ signal }) =>
      apiFetch<MyInvitations>(token ? `/api/invitations?token=${encodeURIComponent(token)}` : '/api/invitations', { signal }),
  });

type Reference = { token: string } | { inviteId: string };

/** POST /api/acceptInvitation; resolves to the account joined. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Reference & { userId: string }) =>
      apiFetch<{ account_id: string }>('/api/acceptInvitation', { method: 'POST', body: input }),
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
    mutationFn: (input: Reference) => apiFetch('/api/declineInvitation', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-invitations'] }),
  });
}
