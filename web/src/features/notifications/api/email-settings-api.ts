import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getNotificationSettings, updateNotificationSettings } from '@common/api/routes';
import type { NotificationSettingsDto } from '@common/discussion';
import { api } from '@/lib/api-client';

/** ['me', 'notification-settings']: how the signed-in person's notifications are e-mailed (the same in every workspace). */
export const emailSettingsQuery = queryOptions({
  queryKey: ['me', 'notification-settings'] as const,
  queryFn: async () => (await api(getNotificationSettings, {})).data,
});

/**
 * Saves a choice at once, shown before the answer comes; the answer is the settings as
 * stored. Answers `save(change, { onSuccess, onError })`.
 */
export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  const key = emailSettingsQuery.queryKey;
  const mutation = useMutation({
    mutationKey: key,
    mutationFn: async ({ change }: { change: Partial<NotificationSettingsDto>; before?: NotificationSettingsDto }) =>
      (await api(updateNotificationSettings, { json: change })).data,
    // Two choices made in quick succession: the first answer, stored before the second, would show the
    // second choice undone until its own answer came. Only the answer to the last save pending is shown.
    onSuccess: (settings) => {
      if (queryClient.isMutating({ mutationKey: key }) === 1) queryClient.setQueryData(key, settings);
    },
    // A refusal puts back what was there.
    onError: (_failure, { before }) => {
      if (before) queryClient.setQueryData(key, before);
    },
  });
  return (
    change: Partial<NotificationSettingsDto>,
    on: { onSuccess: () => void; onError: (failure: Error) => void },
  ) => {
    const before = queryClient.getQueryData(key);
    // Kept at once, so that every reader of the settings has the choice while it is saved.
    if (before) queryClient.setQueryData(key, { ...before, ...change });
    // A read on its way would bring back the old choice; it is dropped, not reverted over this one.
    void queryClient.cancelQueries({ queryKey: key }, { revert: false });
    mutation.mutate({ change, before }, on);
  };
}
