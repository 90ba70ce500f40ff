import { BellOff } from 'lucide-react';
import { useNavigate } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatAge } from '#client/lib/format.ts';
import type { Notification } from '#shared/schemas/notifications.ts';

import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-read.ts';
import { notificationText, showsExcerpt } from '../utils/notification-text.ts';
import { NotificationListSkeleton } from './notification-list-skeleton.tsx';

/** The bell's list: newest first, 'Mark all as read', and each item opening what it is about. */
export default function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const navigate = useNavigate();
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const hasUnread = items.some((item) => item.readAt === null);

  const handleOpen = (item: Notification) => {
    if (item.readAt === null) markRead.mutate([item.id]);
    onNavigate();
    void navigate(item.href);
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button variant="ghost" size="sm" disabled={!hasUnread} onClick={() => markRead.mutate(undefined)}>
          Mark all as read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {query.isPending ? (
          <NotificationListSkeleton />
        ) : query.isError ? (
          <p role="alert" className="p-4 text-sm text-muted-foreground">
            Notifications could not be loaded.{' '}
            <button type="button" className="underline" onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        ) : items.length === 0 ? (
          <EmptyState icon={<BellOff />} title="No notifications yet" className="m-3" />
        ) : (
          <ul aria-label="Notifications" className="divide-y">
            {items.map((item) => (
              <li key={item.id}>
                <NotificationItem item={item} onOpen={handleOpen} />
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage ? (
          <div className="border-t p-2 text-center">
            <LoadMore
              hasMore
              isLoading={query.isFetchingNextPage}
              onLoad={() => void query.fetchNextPage()}
              label="Show older"
              variant="ghost"
              size="sm"
            />
          </div>
        ) : null}
      </div>
    </>
  );
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const text = notificationText(item);
  const isUnread = item.readAt === null;
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      className={cn(
        'flex w-full items-start gap-3 px-4 py-3 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
        isUnread && 'bg-primary/5',
      )}
    >
      <Avatar
        size="sm"
        src={item.actor?.profileImageURL ?? null}
        name={item.actor ? item.actor.name || item.actor.username : (item.group?.name ?? 'Townhall')}
        userId={item.actor?.id ?? item.group?.id ?? null}
        alt=""
      />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn(isUnread && 'font-medium')}>{text}</span>
        {showsExcerpt(item) ? <span className="truncate text-muted-foreground">{item.excerpt}</span> : null}
        <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
          {formatAge(item.createdAt)}
        </time>
      </span>
      {isUnread ? (
        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
          <span className="sr-only">Unread</span>
        </span>
      ) : null}
    </button>
  );
}
