import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listNotifications, readAllNotifications, readNotification } from '@common/api/routes';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

export const notificationsQuery = (accountId: string) =>
  queryOptions({
    queryKey: notificationKeys.mine(accountId),
    queryFn: async () => (await api(listNotifications, { params: { accountId } })).data,
  });

export function useMarkRead(accountId: string) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: notificationKeys.mine(accountId) });
  return {
    one: useMutation({
      mutationFn: (notificationId: string) => api(readNotification, { params: { accountId, notificationId } }),
      onSettled: settle,
    }),
    all: useMutation({
      mutationFn: () => api(readAllNotifications, { params: { accountId } }),
      onSettled: settle,
    }),
  };
}
