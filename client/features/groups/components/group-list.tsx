import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useGroups } from '#client/features/groups/api/list-groups.ts';
import type { GroupSort } from '#client/features/groups/api/query-keys.ts';
import { paths } from '#client/lib/paths.ts';

import { GroupCard } from './group-card.tsx';
import type { RenderPersonLink } from './members-panel.tsx';

/** Every group, newest or most subscribed first, 20 a page with 'Load more'. */
export function GroupList({ sort, renderPersonLink }: { sort: GroupSort; renderPersonLink: RenderPersonLink }) {
  const groups = useGroups(sort);

  if (groups.isPending) return <ListSkeleton label="Loading groups" />;
  if (!groups.data) {
    return <LoadError title="Groups could not be loaded" error={groups.error} onRetry={() => void groups.refetch()} />;
  }
  const rows = groups.data.pages.flatMap((page) => page.groups);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<UsersRound />}
        title="No groups yet"
        description="Start the first one: a place for your community, with live Q&A if you like."
        action={
          <Button asChild>
            <Link to={paths.createGroup()}>Create a group</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="Groups" className="grid gap-3 sm:grid-cols-2">
        {rows.map((group) => (
          <li key={group.id}>
            <GroupCard group={group} renderPersonLink={renderPersonLink} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={groups.hasNextPage}
        isLoading={groups.isFetchingNextPage}
        onLoad={() => void groups.fetchNextPage()}
        error={groups.isFetchNextPageError ? groups.error : null}
      />
    </div>
  );
}
