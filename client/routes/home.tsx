import { CalendarX2, Radio, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { usePopularGroups } from '#client/features/discovery/api/get-popular-groups.ts';
import { CreatorSummary } from '#client/features/discovery/components/creator-summary.tsx';
import { PageSection } from '#client/features/discovery/components/section.tsx';
import { formatSubscribers } from '#client/features/groups/utils/format.ts';
import { useHealth } from '#client/features/health/api/get-health.ts';
import { useCreators } from '#client/features/profiles/api/get-creators.ts';
import { useSessions } from '#client/features/sessions/api/get-sessions.ts';
import { SessionCard } from '#client/features/sessions/components/session-card.tsx';
import type { SessionView } from '#shared/schemas/sessions.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { displayName } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';

// The first page visitors load: it imports only light pieces (no dialogs, editors or lightboxes).

const PREVIEW = 6;

function SessionPreview({ view, empty, icon }: { view: SessionView; empty: string; icon: ReactNode }) {
  const query = useSessions(view);
  if (query.isPending) return <ListSkeleton rows={2} label="Loading sessions" />;
  if (!query.data) {
    return <LoadError title="Sessions could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const sessions = query.data.pages.flatMap((page) => page.sessions).slice(0, PREVIEW);
  if (sessions.length === 0) return <EmptyState icon={icon} title={empty} />;
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label={view === 'live' ? 'Live sessions' : 'Upcoming sessions'}>
      {sessions.map((session) => (
        <li key={session.id}>
          <SessionCard session={session} />
        </li>
      ))}
    </ul>
  );
}

function PopularGroups() {
  const query = usePopularGroups(PREVIEW);
  if (query.isPending) return <ListSkeleton rows={2} label="Loading groups" />;
  if (!query.data) {
    return <LoadError title="Groups could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.groups.length === 0) {
    return <EmptyState icon={<UsersRound />} title="No groups yet" description="Be the first to start one." />;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Popular groups">
      {query.data.groups.map((group) => (
        <li key={group.id} className="flex items-center gap-3 rounded-lg border bg-card p-4 text-card-foreground">
          <Avatar src={group.groupImage || null} name={group.name} userId={group.id} alt="" shape="rounded" size="lg" />
          <div className="grid min-w-0">
            <Link to={paths.group(group.slug)} className="truncate font-semibold underline-offset-4 hover:underline">
              {group.name}
            </Link>
            <span className="truncate text-sm text-muted-foreground">by {displayName(group.host)}</span>
            <span className="text-sm text-muted-foreground">{formatSubscribers(group.subscriberCount)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function PopularCreators() {
  const query = useCreators(PREVIEW);
  if (query.isPending) return <ListSkeleton rows={2} label="Loading creators" />;
  if (!query.data) {
    return <LoadError title="Creators could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const creators = query.data.pages[0]?.people ?? [];
  if (creators.length === 0) {
    return <EmptyState icon={<UsersRound />} title="No creators yet" description="Hosts of groups show here." />;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Popular creators">
      {creators.map((creator) => (
        <li key={creator.id} className="rounded-lg border bg-card p-4 text-card-foreground">
          <CreatorSummary
            creator={creator}
            nameLink={
              <Link
                to={paths.profile(creator.username)}
                className="truncate font-semibold underline-offset-4 hover:underline"
              >
                {displayName(creator)}
              </Link>
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** Whether the API answers, in one quiet line (the browser tests wait for it). */
function ApiStatus() {
  const health = useHealth();
  let text: string;
  let dotClass: string;
  if (health.isPending) {
    text = 'Checking the API…';
    dotClass = 'bg-muted-foreground animate-pulse';
  } else if (health.isError) {
    text = `API unreachable: ${health.error.message}`;
    dotClass = 'bg-primary';
  } else {
    text = `API: ok, version ${health.data.version}`;
    dotClass = 'bg-success';
  }
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 text-xs text-muted-foreground"
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${dotClass}`} />
      {text}
    </p>
  );
}

function SignUpButtons() {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Button asChild size="lg">
        <Link to={paths.signUp()}>Create your account</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={paths.login()}>Sign in</Link>
      </Button>
    </div>
  );
}

/** Until the session is known, the sections wait (a signed-in person is about to leave for /home). */
function Deferred({ isReady, children }: { isReady: boolean; children: ReactNode }) {
  return isReady ? children : <ListSkeleton rows={2} label="Loading" />;
}

function Landing({ isReady }: { isReady: boolean }) {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-12 px-4 py-10 sm:px-6 sm:py-14">
      <section aria-labelledby="hero-title" className="grid justify-items-center gap-5 text-center">
        <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-link sm:text-5xl">
          Townhall
        </h1>
        <p className="max-w-2xl text-lg text-foreground">Creator communities with live question-and-answer groups.</p>
        <p className="max-w-2xl text-muted-foreground">
          Follow the people you learn from, subscribe to their groups, ask questions, vote for the best ones and watch
          them answered live in AMA sessions.
        </p>
        <SignUpButtons />
      </section>

      <PageSection title="Live now" link={{ to: paths.events(), label: 'All events' }}>
        <Deferred isReady={isReady}>
          <SessionPreview view="live" empty="No session is live right now." icon={<Radio />} />
        </Deferred>
      </PageSection>
      <PageSection title="Upcoming sessions" link={{ to: paths.events(), label: 'All events' }}>
        <Deferred isReady={isReady}>
          <SessionPreview view="upcoming" empty="No upcoming sessions." icon={<CalendarX2 />} />
        </Deferred>
      </PageSection>
      <PageSection title="Popular groups" link={{ to: paths.groups('popular'), label: 'All groups' }}>
        <Deferred isReady={isReady}>
          <PopularGroups />
        </Deferred>
      </PageSection>
      <PageSection title="Popular creators" link={{ to: paths.creators(), label: 'All creators' }}>
        <Deferred isReady={isReady}>
          <PopularCreators />
        </Deferred>
      </PageSection>

      <section
        aria-labelledby="join-title"
        className="grid justify-items-center gap-4 rounded-lg border bg-card p-8 text-center text-card-foreground"
      >
        <h2 id="join-title" className="text-2xl font-semibold tracking-tight">
          Start your own community
        </h2>
        <p className="max-w-xl text-muted-foreground">
          Create a group, invite your audience and host your first AMA in minutes. It is free.
        </p>
        <SignUpButtons />
      </section>

      <div className="flex justify-center">
        <ApiStatus />
      </div>
    </div>
  );
}

/** `/`: what Townhall is, for visitors; a signed-in person goes on to their home (/home). */
export function HomeRoute() {
  const { user, loading } = useSession();
  useDocumentTitle(user ? null : 'Welcome');
  if (user) return <Navigate to={paths.homeFeed()} replace />;
  // Visitors see the pitch at once, without waiting for the session.
  return <Landing isReady={!loading} />;
}
