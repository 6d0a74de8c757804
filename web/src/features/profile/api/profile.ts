import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointUrl } from '@common/api/client';
import { getMe, removeAvatar, skipNamePrompt, updateProfile, uploadAvatar } from '@common/api/routes';
import type { MeDto } from '@common/profile';
import { accountUsersKeys } from '@/features/accounts/api/account-keys';
import { ApiError, api } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** GET /api/me: the signed-in user and profile. */
export const meQuery = queryOptions({
  queryKey: profileKeys.me,
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

/** POST /api/me/name-prompt/skip: the person would rather not give a name now; they are not asked again. */
export function useSkipNamePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api(skipNamePrompt, {})).data,
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

/** The best name to greet someone by: their full name, or their e-mail's name part until they give one. */
export function displayName(me: MeDto | undefined, fallback = '') {
  return me?.display_name || fallback;
}

/** Every place that shows people's avatars fetches again after one's own changes. */
function useAvatarChanged() {
  const queryClient = useQueryClient();
  return (me: MeDto) => {
    queryClient.setQueryData(meQuery.queryKey, me);
    void queryClient.invalidateQueries({ queryKey: accountUsersKeys.all });
  };
}

/** POST /api/me/avatar: upload a new avatar (the server checks and scales it), replacing the old one. */
export function useUploadAvatar() {
  const changed = useAvatarChanged();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const response = await fetch(endpointUrl(uploadAvatar, {}), {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
      });
      const body = (await response.json().catch(() => null)) as { data?: MeDto; error?: string; code?: string } | null;
      if (!response.ok || !body?.data) {
        throw new ApiError(response.status, body?.error ?? `Request failed with status ${response.status}`, body?.code);
      }
      return body.data;
    },
    onSuccess: changed,
  });
}

/** DELETE /api/me/avatar: back to initials. */
export function useRemoveAvatar() {
  const changed = useAvatarChanged();
  return useMutation({
    mutationFn: async () => (await api(removeAvatar, {})).data,
    onSuccess: changed,
  });
}
