import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeDto } from '@common/profile';
import { apiFetch } from '@/lib/api-client';

/** GET /api/me: the signed-in user and profile. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => apiFetch<MeDto>('/api/me', { signal }),
});

/** PATCH /api/me/profile: change the full name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fullName: string) => apiFetch<MeDto>('/api/me/profile', { method: 'PATCH', body: { full_name: fullName } }),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

/** The best name to greet someone by. */
export function displayName(me: MeDto | undefined, fallback = '') {
  return me?.profile.full_name || me?.email || fallback;
}
