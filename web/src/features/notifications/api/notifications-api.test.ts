import { describe, expect, it } from 'vitest';
import * as endpoints from '@common/api/discussion';
import { notificationRoutes } from './notifications-api';

describe("the bell's routes, spelt out to keep the endpoints' schemas out of the app shell", () => {
  it('are the endpoints they name', () => {
    const route = ({ method, path }: { method: string; path: string }) => ({ method, path });
    expect(notificationRoutes.list).toEqual(route(endpoints.listNotifications));
    expect(notificationRoutes.readOne).toEqual(route(endpoints.readNotification));
    expect(notificationRoutes.readAll).toEqual(route(endpoints.readAllNotifications));
  });
});
