import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getMe, updateProfile } from '@common/api/me';
import type { MeDto } from '@common/profile';
import { api } from '@/lib/api-client';

/** GET /api/me: the signed-in user and profile. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }) => (await api(getMe, {}, { signal })).data,
});

/** PATCH /api/me/profile: change the full name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fullName: string) => (await api(updateProfile, { json: { full_name: fullName } })).data,
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

/** The best name to greet someone by. */
export function displayName(me: MeDto | undefined, fallback = '') {
  return me?.profile.full_name || me?.email || fallback;
}
