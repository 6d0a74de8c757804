import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointRoute } from '@common/api/client';
// Types only: the bell is in every page's shell, and the endpoints' schemas stay out of it (decision 38).
import type { listNotifications, readAllNotifications, readNotification } from '@common/api/discussion';
import { api } from '@/lib/api-client';

/** The endpoints' routes, spelt out (notifications-api.test.ts checks them against common/api/discussion.ts). */
export const notificationRoutes = {
  list: { method: 'get', path: '/api/accounts/{accountId}/notifications' } as EndpointRoute<typeof listNotifications>,
  readOne: {
    method: 'post',
    path: '/api/accounts/{accountId}/notifications/{notificationId}/read',
  } as EndpointRoute<typeof readNotification>,
  readAll: {
    method: 'post',
    path: '/api/accounts/{accountId}/notifications/read-all',
  } as EndpointRoute<typeof readAllNotifications>,
};

/** ['notifications', accountId]: the live refresh's key for the person's own notifications. */
export const notificationKeys = { mine: (accountId: string) => ['notifications', accountId] as const };

export const notificationsQuery = (accountId: string) =>
  queryOptions({
    queryKey: notificationKeys.mine(accountId),
    queryFn: async () => (await api(notificationRoutes.list, { params: { accountId } })).data,
  });

export function useMarkRead(accountId: string) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: notificationKeys.mine(accountId) });
  return {
    one: useMutation({
      mutationFn: (notificationId: string) =>
        api(notificationRoutes.readOne, { params: { accountId, notificationId } }),
      onSettled: settle,
    }),
    all: useMutation({
      mutationFn: () => api(notificationRoutes.readAll, { params: { accountId } }),
      onSettled: settle,
    }),
  };
}
