import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { notificationsQuery } from '../api/notifications-api';

const NotificationList = lazy(() => import('./notification-list').then((m) => ({ default: m.NotificationList })));

/**
 * The header's bell (decision 38): the unread count, kept live by the event stream (the person's own
 * notification changes refresh it), and the list, loaded in its own chunk when first opened.
 */
export function NotificationBell({ accountId }: { accountId: string }) {
  const [open, setOpen] = useState(false);
  const notifications = useQuery(notificationsQuery(accountId));
  const unread = notifications.data?.unread ?? 0;
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          data-testid="notification-bell"
        >
          <Bell />
          {unread > 0 && (
            <span
              className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[0.625rem] font-semibold leading-4 text-primary-foreground"
              data-testid="notification-count"
              aria-hidden="true"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <Suspense fallback={<p className="p-4 text-sm text-muted-foreground">Loading…</p>}>
          <NotificationList accountId={accountId} onOpen={() => setOpen(false)} />
        </Suspense>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
