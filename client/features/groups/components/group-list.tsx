import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useGroups } from '#client/features/groups/api/list-groups.ts';
import type { GroupSort } from '#client/features/groups/api/query-keys.ts';

import { GroupCard } from './group-card.tsx';
import type { RenderPersonLink } from './members-panel.tsx';

/** Every group, newest or most subscribed first, 20 a page with 'Load more'. */
export function GroupList({ sort, renderPersonLink }: { sort: GroupSort; renderPersonLink: RenderPersonLink }) {
  const groups = useGroups(sort);

  if (groups.isPending) return <ListSkeleton label="Loading groups" />;
  if (!groups.data) {
    return (
      <Alert variant="error" title="Groups could not be loaded" description={groups.error?.message}>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void groups.refetch()}>
          Try again
        </Button>
      </Alert>
    );
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
            <Link to="/create">Create a group</Link>
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
      {groups.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          isLoading={groups.isFetchingNextPage}
          onClick={() => void groups.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
      {groups.isFetchNextPageError ? <Alert variant="error" description={groups.error?.message} /> : null}
    </div>
  );
}
