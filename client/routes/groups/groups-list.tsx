import { Radio, SquarePlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import type { GroupSort } from '#client/features/groups/api/query-keys.ts';
import { GroupList } from '#client/features/groups/components/group-list.tsx';
import { useSessions } from '#client/features/sessions/api/get-sessions.ts';
import { SessionStatusBadge } from '#client/features/sessions/components/session-status-badge.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

import { renderPersonLink } from './compose.tsx';

type Section = GroupSort | 'live';

const SECTIONS: { value: Section; label: string }[] = [
  { value: 'newest', label: 'New' },
  { value: 'popular', label: 'Popular' },
  { value: 'live', label: 'Live now' },
];

function sectionOf(value: string | null): Section {
  return value === 'popular' || value === 'live' ? value : 'newest';
}

/** Groups with a session live now: one row per group, its live session linked (20 sessions a page). */
function LiveGroupList() {
  const query = useSessions('live');
  if (query.isPending) return <ListSkeleton label="Loading live groups" />;
  if (!query.data) {
    return (
      <LoadError title="Live groups could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const seen = new Set<string>();
  const sessions = query.data.pages
    .flatMap((page) => page.sessions)
    .filter((session) => !seen.has(session.groupId) && Boolean(seen.add(session.groupId)));
  if (sessions.length === 0) {
    return (
      <EmptyState
        icon={<Radio />}
        title="No group is live right now"
        description="Groups show here while their host runs an AMA session."
        action={
          <Button asChild variant="outline">
            <Link to={paths.events()}>See upcoming sessions</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="Live groups" className="grid gap-3 sm:grid-cols-2">
        {sessions.map((session) => (
          <li key={session.groupId}>
            <article className="flex h-full items-start gap-3 rounded-lg border bg-card p-4 text-card-foreground">
              <Avatar
                src={session.group.groupImage || null}
                name={session.group.name}
                userId={session.group.id}
                alt=""
                shape="rounded"
                size="lg"
              />
              <div className="grid min-w-0 flex-1 gap-1">
                <h3 className="truncate font-semibold">
                  <Link to={paths.group(session.group.slug)} className="underline-offset-4 hover:underline">
                    {session.group.name}
                  </Link>
                </h3>
                <p className="truncate text-sm text-muted-foreground">
                  by{' '}
                  {renderPersonLink({
                    username: session.host.username,
                    name: session.host.name || session.host.username,
                  })}
                </p>
                <p className="flex min-w-0 items-center gap-2 text-sm">
                  <SessionStatusBadge status={session.status} />
                  <Link
                    to={paths.session(session.id)}
                    className="truncate text-link underline-offset-4 hover:underline"
                  >
                    {session.title}
                  </Link>
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </div>
  );
}

/**
 * The tab's panel's heading, for screen readers only: the cards' titles are h3, and the tab's
 * name is the level between them and the page's h1.
 */
function SectionHeading({ value }: { value: Section }) {
  return <h2 className="sr-only">{SECTION_HEADINGS[value]}</h2>;
}

const SECTION_HEADINGS: Record<Section, string> = {
  newest: 'New groups',
  popular: 'Popular groups',
  live: 'Groups live now',
};

/** /groups: discover groups — new, popular (most subscribed) or live now; ?sort= keeps the choice in the address. */
export function GroupsRoute() {
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params.get('sort'));
  useDocumentTitle('Groups');

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Groups</h1>
        <Button asChild>
          <Link to={paths.createGroup()}>
            <SquarePlus aria-hidden />
            Create group
          </Link>
        </Button>
      </div>
      <Tabs
        value={section}
        onValueChange={(value) => setParams(value === 'newest' ? {} : { sort: value }, { replace: true })}
      >
        <TabsList aria-label="Show groups">
          {SECTIONS.map((option) => (
            <TabsTrigger key={option.value} value={option.value}>
              {option.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="newest" className="pt-2">
          <SectionHeading value="newest" />
          <GroupList sort="newest" renderPersonLink={renderPersonLink} />
        </TabsContent>
        <TabsContent value="popular" className="pt-2">
          <SectionHeading value="popular" />
          <GroupList sort="popular" renderPersonLink={renderPersonLink} />
        </TabsContent>
        <TabsContent value="live" className="pt-2">
          <SectionHeading value="live" />
          <LiveGroupList />
        </TabsContent>
      </Tabs>
    </div>
  );
}
