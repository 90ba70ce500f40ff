import { BellRing } from 'lucide-react';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useGroupSubscribers } from '#client/features/groups/api/get-subscribers.ts';
import { personName } from '#client/features/groups/utils/format.ts';

import type { RenderPersonLink } from './members-panel.tsx';

/** The Subscribers tab: newest first, 20 a page, 'Load more'. */
export function SubscribersPanel({
  groupId,
  renderPersonLink,
}: {
  groupId: string;
  renderPersonLink: RenderPersonLink;
}) {
  const subscribers = useGroupSubscribers(groupId);

  if (subscribers.isPending) return <ListSkeleton label="Loading subscribers" />;
  if (!subscribers.data) {
    return (
      <LoadError
        title="Subscribers could not be loaded"
        error={subscribers.error}
        onRetry={() => void subscribers.refetch()}
      />
    );
  }
  const rows = subscribers.data.pages.flatMap((page) => page.subscribers);
  if (rows.length === 0) {
    return <EmptyState icon={<BellRing />} title="No subscribers yet" description="People who subscribe show here." />;
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="Subscribers" className="divide-y">
        {rows.map((subscriber) => {
          const name = personName(subscriber);
          return (
            <li key={subscriber.id} className="flex items-center gap-3 py-3">
              <Avatar
                src={subscriber.image || null}
                name={subscriber.name || subscriber.username}
                userId={subscriber.id}
                alt=""
              />
              <div className="grid min-w-0 flex-1">
                <span className="truncate font-medium">
                  {renderPersonLink({ username: subscriber.username, name })}
                </span>
                <span className="truncate text-sm text-muted-foreground">@{subscriber.username}</span>
              </div>
            </li>
          );
        })}
      </ul>
      <LoadMore
        hasMore={subscribers.hasNextPage}
        isLoading={subscribers.isFetchingNextPage}
        onLoad={() => void subscribers.fetchNextPage()}
        error={subscribers.isFetchNextPageError ? subscribers.error : null}
      />
    </div>
  );
}
