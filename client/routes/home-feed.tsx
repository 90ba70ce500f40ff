import { CalendarX2, Newspaper } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { useFeed } from '#client/features/discovery/api/get-feed.ts';
import { useMySessions } from '#client/features/discovery/api/get-my-sessions.ts';
import { FeedItemCard } from '#client/features/discovery/components/feed-item-card.tsx';
import { PageSection } from '#client/features/discovery/components/section.tsx';
import { SubscriptionList } from '#client/features/groups/components/subscription-list.tsx';
import { useSessions } from '#client/features/sessions/api/get-sessions.ts';
import { SessionCard } from '#client/features/sessions/components/session-card.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';
import type { AmaSession } from '#shared/schemas/sessions.ts';

import { renderPersonLink, SignInPrompt } from './groups/compose.tsx';

function SessionList({ sessions, label }: { sessions: AmaSession[]; label: string }) {
  return (
    <ul className="grid gap-3" aria-label={label}>
      {sessions.map((session) => (
        <li key={session.id}>
          <SessionCard session={session} />
        </li>
      ))}
    </ul>
  );
}

/** Sessions live in my groups; when none is, whatever is live elsewhere; else nothing at all. */
function LiveNow() {
  const mine = useMySessions('live');
  const mySessions = mine.data?.pages.flatMap((page) => page.sessions) ?? [];
  const isMineEmpty = mine.isSuccess && mySessions.length === 0;
  if (mine.isPending) return <ListSkeleton rows={1} label="Loading live sessions" />;
  if (mine.isError) {
    return (
      <LoadError title="Live sessions could not be loaded" error={mine.error} onRetry={() => void mine.refetch()} />
    );
  }
  if (!isMineEmpty) return <SessionList sessions={mySessions} label="Live in your groups" />;
  return <LiveElsewhere />;
}

function LiveElsewhere() {
  const all = useSessions('live');
  if (all.isPending) return <ListSkeleton rows={1} label="Loading live sessions" />;
  const sessions = all.data?.pages.flatMap((page) => page.sessions).slice(0, 5) ?? [];
  if (all.isError || sessions.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing is live right now.</p>;
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">None of your groups is live; elsewhere on Townhall:</p>
      <SessionList sessions={sessions} label="Live elsewhere" />
    </div>
  );
}

function UpcomingSessions() {
  const query = useMySessions('upcoming');
  if (query.isPending) return <ListSkeleton rows={2} label="Loading upcoming sessions" />;
  if (!query.data) {
    return (
      <LoadError
        title="Upcoming sessions could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const sessions = query.data.pages.flatMap((page) => page.sessions);
  if (sessions.length === 0) {
    return (
      <EmptyState
        icon={<CalendarX2 />}
        title="No upcoming sessions in your groups"
        action={
          <Button asChild variant="outline" size="sm">
            <Link to={paths.events()}>Browse all events</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-3">
      <SessionList sessions={sessions} label="Upcoming in your groups" />
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        label="Show more"
      />
    </div>
  );
}

function Feed() {
  const feed = useFeed();
  if (feed.isPending) return <ListSkeleton label="Loading your feed" />;
  if (!feed.data) {
    return <LoadError title="Your feed could not be loaded" error={feed.error} onRetry={() => void feed.refetch()} />;
  }
  const items = feed.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Newspaper />}
        title="Nothing here yet"
        description="Posts and answers from the groups you subscribe to and the creators you follow show here."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to={paths.groups()}>Find groups</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.creators()}>Find creators</Link>
            </Button>
          </div>
        }
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="Latest posts and answers" className="grid gap-3">
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <FeedItemCard item={item} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={feed.hasNextPage}
        isLoading={feed.isFetchingNextPage}
        onLoad={() => void feed.fetchNextPage()}
        error={feed.isFetchNextPageError ? feed.error : null}
      />
    </div>
  );
}

/** /home: the signed-in person's subscriptions, what is live, upcoming sessions and the latest from their groups. */
export function HomeFeedRoute() {
  const { user, loading } = useSession();
  useDocumentTitle('Home');
  if (loading) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
        <ListSkeleton label="Loading" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <SignInPrompt
          title="Sign in to see your home"
          description="Your subscriptions, live and upcoming sessions, and the latest posts and answers from your groups."
        />
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Home</h1>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-8 lg:order-2">
          <PageSection title="Live now">
            <LiveNow />
          </PageSection>
          <PageSection title="Upcoming in your groups" link={{ to: paths.events(), label: 'All events' }}>
            <UpcomingSessions />
          </PageSection>
          <PageSection title="Your subscriptions">
            <SubscriptionList renderPersonLink={renderPersonLink} />
          </PageSection>
        </div>
        <PageSection title="Latest from your groups" className="lg:order-1">
          <Feed />
        </PageSection>
      </div>
    </div>
  );
}
