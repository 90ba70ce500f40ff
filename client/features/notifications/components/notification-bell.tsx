import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';

import { buttonVariants } from '#client/components/ui/button.tsx';
import { floatingPanelClassName } from '#client/components/ui/hover-card.tsx';
import { cappedCountText } from '#client/lib/capped-count.ts';
import { cn } from '#client/lib/cn.ts';

import { useUnreadCount } from '../api/get-unread-count.ts';
import { useNotificationsLive } from '../hooks/use-notifications-live.ts';
import { NotificationListSkeleton } from './notification-list-skeleton.tsx';

// The list loads when the bell is first opened: the bar itself carries only the button and count.
const NotificationList = lazy(() => import('./notification-list.tsx'));

/** The accessible name of the bell: 'Notifications, 3 unread' ('more than 99' past what the badge shows). */
export function bellLabel(count: number): string {
  return `Notifications, ${count > 99 ? 'more than 99' : String(count)} unread`;
}

/** The top bar's bell (signed-in people only): the live unread count, and the list in a popover. */
export function NotificationBell({ userId }: { userId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const { data: count = 0 } = useUnreadCount();
  useNotificationsLive(userId);
  const badge = cappedCountText(count);

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
        aria-label={bellLabel(count)}
      >
        <Bell aria-hidden />
        {count > 0 ? (
          <span
            aria-hidden
            data-slot="notification-badge"
            className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 font-semibold text-primary-foreground"
          >
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Notifications"
          className={cn(
            floatingPanelClassName,
            'flex max-h-[min(32rem,80dvh)] w-[min(24rem,calc(100vw-1rem))] flex-col',
          )}
        >
          <Suspense fallback={<NotificationListSkeleton />}>
            <NotificationList onNavigate={() => setIsOpen(false)} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
