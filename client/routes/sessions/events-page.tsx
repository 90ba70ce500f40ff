import { CalendarX2 } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useSessions } from '#client/features/sessions/api/get-sessions.ts';
import { SessionCard } from '#client/features/sessions/components/session-card.tsx';
import type { SessionView } from '#shared/schemas/sessions.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

const VIEWS: { value: SessionView; label: string; heading: string; empty: string }[] = [
  { value: 'upcoming', label: 'Upcoming', heading: 'Upcoming sessions', empty: 'No upcoming sessions.' },
  { value: 'live', label: 'Live now', heading: 'Sessions live now', empty: 'No session is live right now.' },
  { value: 'past', label: 'Past', heading: 'Past sessions', empty: 'No past sessions yet.' },
];

function SessionsList({ view, empty }: { view: SessionView; empty: string }) {
  const query = useSessions(view);
  const sessions = query.data?.pages.flatMap((page) => page.sessions) ?? [];
  if (query.isPending) return <ListSkeleton label="Loading sessions" />;
  if (query.isError) {
    return <LoadError title="Sessions could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (sessions.length === 0) {
    return (
      <EmptyState
        icon={<CalendarX2 />}
        title={empty}
        description="Hosts of AMA groups schedule sessions from their group's Events tab."
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label={`${VIEWS.find((item) => item.value === view)?.label ?? ''} sessions`}>
        {sessions.map((session) => (
          <li key={session.id}>
            <SessionCard session={session} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        label="Show more"
      />
    </div>
  );
}

/** /events: upcoming, live and past AMA sessions of every group (?view= keeps the tab). */
export function EventsRoute() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view = VIEWS.find((item) => item.value === asked)?.value ?? 'upcoming';
  useDocumentTitle('Events');

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Events</h1>
      <Tabs
        value={view}
        onValueChange={(value) => setParams(value === 'upcoming' ? {} : { view: value }, { replace: true })}
      >
        <TabsList aria-label="Sessions">
          {VIEWS.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {VIEWS.map((item) => (
          <TabsContent key={item.value} value={item.value} className="pt-2">
            {/* The cards' titles are h3: the panel's heading sits between them and the page's h1. */}
            <h2 className="sr-only">{item.heading}</h2>
            <SessionsList view={item.value} empty={item.empty} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
