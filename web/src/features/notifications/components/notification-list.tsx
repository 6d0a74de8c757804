import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { NotificationDto } from '@common/discussion';
import { threadAnchor } from '@common/thread-anchor';
import { PersonAvatar } from '@/components/layout/person-avatar';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { paths } from '@/lib/paths';
import { useLocalDate } from '@/lib/use-local-date';
import { notificationsQuery, useMarkRead } from '../api/notifications-api';

const WHAT: Record<NotificationDto['kind'], string> = {
  mention: 'mentioned you on',
  reply: 'replied on',
  comment: 'commented on',
  resolved: 'resolved your thread on',
  edit: 'edited',
};

/** The notifications, newest first: each opens the place it is about and is then read. */
export function NotificationList({ accountId, onOpen }: { accountId: string; onOpen: () => void }) {
  const notifications = useQuery(notificationsQuery(accountId));
  const markRead = useMarkRead(accountId);
  return (
    <div data-testid="notification-list">
      <div className="flex items-center justify-between border-b px-4 py-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <DropdownMenuItem
          disabled={!notifications.data?.unread}
          onSelect={(event) => {
            event.preventDefault();
            markRead.all.mutate();
          }}
        >
          Mark all read
        </DropdownMenuItem>
      </div>
      {notifications.isPending ? (
        <p role="status" className="p-4 text-sm text-muted-foreground">
          Loading…
        </p>
      ) : notifications.isError ? (
        <p role="alert" className="p-4 text-sm text-destructive">
          Could not load notifications. {notifications.error.message}
        </p>
      ) : notifications.data.items.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground">
          Nothing new. Mentions, replies and comments on what you watch appear here.
        </p>
      ) : (
        // A group, not a list: the rows are the menu's items, and a menu item must sit in a menu or a group.
        <div role="group" className="max-h-[min(28rem,70vh)] overflow-y-auto py-1" aria-label="Notifications">
          {notifications.data.items.map((notification) => (
            <Row
              key={notification.id}
              accountId={accountId}
              notification={notification}
              onOpen={() => {
                if (!notification.read) markRead.one.mutate(notification.id);
                onOpen();
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function Row({
  accountId,
  notification,
  onOpen,
}: {
  accountId: string;
  notification: NotificationDto;
  onOpen: () => void;
}) {
  const when = useLocalDate(notification.created_at);
  const actor = notification.actor?.name ?? 'Someone';
  const to =
    paths.account(accountId).article(notification.knowledge_short_id) +
    (notification.thread_id ? `#${threadAnchor(notification.thread_id)}` : '');
  return (
    <DropdownMenuItem asChild className="items-start gap-3 rounded-none px-4 py-2.5 [&_svg]:size-auto">
      <Link to={to} onClick={onOpen} data-testid="notification">
        <PersonAvatar name={actor} url={notification.actor?.avatar_url} className="size-7" />
        <span className="min-w-0 flex-1">
          <span className={notification.read ? 'text-muted-foreground' : ''}>
            <strong className="font-medium">{actor}</strong> {WHAT[notification.kind]}{' '}
            <strong className="font-medium">{notification.knowledge_title}</strong>
          </span>
          {notification.excerpt && (
            <span className="mt-0.5 block truncate text-muted-foreground">{notification.excerpt}</span>
          )}
          <span className="mt-0.5 block text-xs text-muted-foreground">{when}</span>
        </span>
        {!notification.read && (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-label="Unread" role="img" />
        )}
      </Link>
    </DropdownMenuItem>
  );
}
