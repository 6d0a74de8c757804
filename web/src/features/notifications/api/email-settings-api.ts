import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getNotificationSettings, updateNotificationSettings } from '@common/api/routes';
import type { NotificationSettingsDto } from '@common/discussion';
import { api } from '@/lib/api-client';

/** ['me', 'notification-settings']: how the signed-in person's notifications are e-mailed (the same in every workspace). */
export const emailSettingsQuery = queryOptions({
  queryKey: ['me', 'notification-settings'] as const,
  queryFn: async () => (await api(getNotificationSettings, {})).data,
});

/** Saves a choice at once, shown before the answer comes; the answer is the settings as stored. */
export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  const key = emailSettingsQuery.queryKey;
  return useMutation({
    mutationKey: key,
    mutationFn: async (change: Partial<NotificationSettingsDto>) =>
      (await api(updateNotificationSettings, { json: change })).data,
    // The control shows the choice at once; a refusal puts back what was there.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    // Two choices made in quick succession: the first answer, stored before the second, would show the
    // second choice undone until its own answer came. Only the answer to the last save pending is shown.
    onSuccess: (settings) => {
      if (queryClient.isMutating({ mutationKey: key }) === 1) queryClient.setQueryData(key, settings);
    },
  });
}
