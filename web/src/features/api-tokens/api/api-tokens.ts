import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { createApiToken, listApiTokens, revokeApiToken } from '@common/api/routes';
import type { CreateApiTokenInput } from '@common/api-tokens';
import { api } from '@/lib/api-client';

/** GET /api/me/api-tokens: the person's tokens, newest first, never their secrets. */
export const apiTokensQuery = queryOptions({
  queryKey: ['api-tokens'],
  queryFn: async ({ signal }) => (await api(listApiTokens, {}, { signal })).data,
});

/** POST /api/me/api-tokens: answers the new token with its secret, which is never shown again. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiTokenInput) => (await api(createApiToken, { json: input })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  });
}

/** DELETE /api/me/api-tokens/:id: the token stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => api(revokeApiToken, { params: { tokenId } }),
    onSuccess: () => toast.success('Token revoked'),
    onError: () => toast.error('Failed to revoke the token. Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  });
}
