import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getNotificationSettings, updateNotificationSettings } from '@common/api/discussion';
import type { NotificationSettingsDto } from '@common/discussion';
import { api } from '@/lib/api-client';

/** ['me', 'notification-settings']: how the signed-in person's notifications are e-mailed (the same in every workspace). */
export const emailSettingsQuery = queryOptions({
  queryKey: ['me', 'notification-settings'] as const,
  queryFn: async () => (await api(getNotificationSettings, {})).data,
});

/** Saves a choice at once; the answer is the settings as stored. */
export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Partial<NotificationSettingsDto>) =>
      (await api(updateNotificationSettings, { json: change })).data,
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsQuery.queryKey, settings),
  });
}
