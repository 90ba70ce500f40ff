import { Mic } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { CreatorSummary } from '#client/features/discovery/components/creator-summary.tsx';
import { useCreators } from '#client/features/profiles/api/get-creators.ts';
import { FollowButton } from '#client/features/profiles/components/follow-button.tsx';
import { PersonLink } from '#client/features/profiles/components/person-hover-card.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { displayName } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';

function CreatorList() {
  const creators = useCreators();
  if (creators.isPending) return <ListSkeleton label="Loading creators" />;
  // A failed 'Load more' keeps the rows already shown; only a failed first page replaces the list.
  if (!creators.data) {
    return (
      <LoadError title="Creators could not be loaded" error={creators.error} onRetry={() => void creators.refetch()} />
    );
  }
  const rows = creators.data.pages.flatMap((page) => page.people);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<Mic />}
        title="No creators yet"
        description="Everyone who hosts a group shows here. Start one and be the first."
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
      <ul aria-label="Creators" className="divide-y">
        {rows.map((creator) => (
          <li key={creator.id} className="py-3">
            <CreatorSummary
              creator={creator}
              nameLink={
                <PersonLink username={creator.username} className="truncate font-medium">
                  {displayName(creator)}
                </PersonLink>
              }
              action={<FollowButton person={creator} isFollowing={creator.isFollowing ?? false} className="shrink-0" />}
            />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={creators.hasNextPage}
        isLoading={creators.isFetchingNextPage}
        onLoad={() => void creators.fetchNextPage()}
        error={creators.isFetchNextPageError ? creators.error : null}
      />
    </div>
  );
}

/** /creator: people who host groups, most followed first, with Follow buttons. */
export function CreatorsRoute() {
  useDocumentTitle('Creators');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Creators</h1>
      <p className="mt-2 mb-6 text-muted-foreground">People who host groups on Townhall, most followed first.</p>
      <CreatorList />
    </div>
  );
}
