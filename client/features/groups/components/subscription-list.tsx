import { BellRing } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useMySubscriptions } from '#client/features/groups/api/get-my-subscriptions.ts';
import { newCountsText } from '#client/features/groups/utils/format.ts';
import { paths } from '#client/lib/paths.ts';

/** The signed-in person's subscriptions, liveliest first, with their new-activity marks and counts. */
export function SubscriptionList({
  renderPersonLink,
}: {
  renderPersonLink: (person: { username: string; name: string }) => ReactNode;
}) {
  const subscriptions = useMySubscriptions();
  if (subscriptions.isPending) return <ListSkeleton label="Loading your subscriptions" />;
  if (!subscriptions.data) {
    return (
      <LoadError
        title="Your subscriptions could not be loaded"
        error={subscriptions.error}
        onRetry={() => void subscriptions.refetch()}
      />
    );
  }
  const rows = subscriptions.data.pages.flatMap((page) => page.subscriptions);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<BellRing />}
        title="No subscriptions yet"
        description="Live Q&A groups you subscribe to show here, newest activity first."
        action={
          <Button asChild>
            <Link to={paths.groups()}>Find groups</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="Your subscriptions" className="divide-y">
        {rows.map((item) => (
          <li key={item.groupId} className="flex items-center gap-3 py-3">
            <Avatar src={item.groupImage || null} name={item.groupName} userId={item.groupId} alt="" shape="rounded" />
            <div className="grid min-w-0 flex-1">
              <Link
                to={paths.group(item.groupSlug)}
                className="truncate font-medium underline-offset-4 hover:underline"
              >
                {item.groupName}
              </Link>
              <span className="truncate text-sm text-muted-foreground">
                by {renderPersonLink({ username: item.username, name: item.creatorName || item.username })}
              </span>
              {newCountsText(item) ? (
                <span className="truncate text-sm text-muted-foreground">{newCountsText(item)}</span>
              ) : null}
            </div>
            {item.hasNewActivity ? (
              <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                New activity
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={subscriptions.hasNextPage}
        isLoading={subscriptions.isFetchingNextPage}
        onLoad={() => void subscriptions.fetchNextPage()}
      />
    </div>
  );
}
