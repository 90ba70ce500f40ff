import { CalendarPlus, CalendarClock, MonitorPlay } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LazyAlert } from '#client/components/ui/lazy-alert.tsx';
import { ListSkeleton, LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { useContentLiveUpdates } from '#client/features/content/hooks/use-content-live-updates.ts';
import { GroupGateProvider } from '#client/features/gate/index.ts';
import { useGroup } from '#client/features/groups/api/get-group.ts';
import { useSubscribeToGroup } from '#client/features/groups/api/subscription.ts';
import { QueueAnnouncer } from '#client/features/questions/components/queue-announcer.tsx';
import { isSessionNotFound, useAmaSession } from '#client/features/sessions/api/get-session.ts';
import { SessionStatusBadge } from '#client/features/sessions/components/session-status-badge.tsx';
import { SessionViewers } from '#client/features/sessions/components/session-viewers.tsx';
import {
  useGroupSessionsLiveUpdates,
  useSessionLiveUpdates,
} from '#client/features/sessions/hooks/use-session-live-updates.ts';
import { useSessionPresence } from '#client/features/sessions/hooks/use-session-presence.ts';
import { calendarUrl, formatDuration, formatSessionTime } from '#client/features/sessions/utils/session-format.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';
import { paths } from '#client/lib/paths.ts';
import { canReadHostAnalytics, checkPermission } from '#shared/lib/permissions.ts';
import type { AmaSession } from '#shared/schemas/sessions.ts';

const QuestionsPanel = lazy(async () => {
  const { QuestionsPanel: Panel } = await import('#client/features/questions/components/questions-panel.tsx');
  return { default: Panel };
});

// the host's controls and carry-over: host-only, so out of the page's first load (most people
// arrive at a live session from a shared link on a phone)
const SessionHostControls = lazyComponent(async () => {
  const { SessionHostControls: Controls } =
    await import('#client/features/sessions/components/session-host-controls.tsx');
  return Controls;
});
const CarryOverPanel = lazyComponent(async () => {
  const { CarryOverPanel: Panel } = await import('#client/features/sessions/components/carry-over-panel.tsx');
  return Panel;
});

// the ledger's totals: a secondary read, fetched with its code when the section comes into view
const SessionRecord = lazyComponent(async () => {
  const { SessionRecord: Part } = await import('#client/features/sessions/components/session-record.tsx');
  return Part;
});

// The host's hover card, for a screen a pointer hovers over: phones, where most people watch a
// live session, show the plain link and never fetch it (a card would not fit beside it anyway).
const HostPersonLink = lazyComponent(async () => {
  const { PersonLink } = await import('#client/features/profiles/components/person-hover-card.tsx');
  return PersonLink;
});

const HOVER_CARD_SCREEN = '(hover: hover) and (pointer: fine) and (min-width: 640px)';
const canHover = () => typeof window.matchMedia === 'function' && window.matchMedia(HOVER_CARD_SCREEN).matches;

/** The host's name linking to their profile; with their hover card where a pointer can hover. */
function HostName({ username, name }: { username: string; name: string }) {
  const [wantsCard] = useState(canHover);
  const isLoaded = HostPersonLink.useLoaded(wantsCard);
  if (isLoaded) return <HostPersonLink.Component username={username}>{name}</HostPersonLink.Component>;
  return (
    <Link
      to={paths.profile(username)}
      className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      {name}
    </Link>
  );
}

/** The host's controls of the session, once their code has arrived. */
function LazyHostControls({ session, onDeleted }: { session: AmaSession; onDeleted: () => void }) {
  const isLoaded = SessionHostControls.useLoaded(true);
  if (!isLoaded) {
    return (
      <LoadingRegion label="Loading the host controls">
        <Skeleton className="h-9 w-full" />
      </LoadingRegion>
    );
  }
  return <SessionHostControls.Component session={session} onDeleted={onDeleted} />;
}

/** The host's carry-over panel of an ended session, once its code has arrived. */
function LazyCarryOver({ session, onDone }: { session: AmaSession; onDone: () => void }) {
  const isLoaded = CarryOverPanel.useLoaded(true);
  if (!isLoaded) {
    return (
      <LoadingRegion label="Checking the open questions">
        <Skeleton className="h-28 w-full" />
      </LoadingRegion>
    );
  }
  return <CarryOverPanel.Component session={session} onDone={onDone} />;
}

/** The session's moderation totals, loaded when the section is about to scroll into view. */
function SessionRecordSection({ sessionId }: { sessionId: string }) {
  const ref = useRef<HTMLElement>(null);
  // without IntersectionObserver (an old browser, jsdom) it loads at once
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  const isLoaded = SessionRecord.useLoaded(isNear);
  return (
    <section ref={ref} aria-labelledby="session-record" className="grid gap-3">
      <h2 id="session-record" className="text-lg font-semibold">
        Moderation record
      </h2>
      {isLoaded ? (
        <SessionRecord.Component sessionId={sessionId} />
      ) : (
        <LoadingRegion label="Loading the totals">
          <Skeleton className="h-16 w-full" />
        </LoadingRegion>
      )}
    </section>
  );
}

/** The live question queue of the session, with the gate of its group for asking and voting. */
function SessionQueue({ session, isHost }: { session: AmaSession; isHost: boolean }) {
  const groupQuery = useGroup(session.group.slug);
  const subscribe = useSubscribeToGroup();
  useContentLiveUpdates(session.groupId);
  if (!groupQuery.data) return <ListSkeleton label="Loading questions" />;
  const { group, access } = groupQuery.data;
  const role = access?.role ?? 'unknown';
  return (
    <GroupGateProvider group={group} access={access} subscribe={subscribe}>
      <Suspense fallback={<ListSkeleton label="Loading questions" />}>
        <QuestionsPanel
          groupId={session.groupId}
          sessionId={session.id}
          isHost={isHost}
          canAsk={checkPermission(role, 'ask', 'questionQueue').allowed}
          questionsNeedApproval={group.questionsNeedApproval}
          freshOrder={group.freshOrder}
          rules={{ role, anonymousQuestions: group.anonymousQuestions, openQuestionCap: group.openQuestionCap }}
        />
      </Suspense>
    </GroupGateProvider>
  );
}

function SessionDetails({ session, onDeleted }: { session: AmaSession; onDeleted: () => void }) {
  const { user } = useSession();
  const isHost = user !== null && user.id === session.host.id;
  const canReadAnalytics = canReadHostAnalytics(user ? { id: user.id, isAdmin: user.role === 'admin' } : null, {
    hostId: session.host.id,
  });
  const questionsHeading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(session.title);
  useGroupSessionsLiveUpdates(session.groupId);

  return (
    <div className="grid gap-6">
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <SessionStatusBadge status={session.status} />
          <Link to={paths.group(session.group.slug)} className="text-sm font-medium underline-offset-4 hover:underline">
            {session.group.name}
          </Link>
        </div>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{session.title}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-2">
            <Avatar
              src={session.host.profileImageURL || null}
              name={session.host.name || session.host.username}
              userId={session.host.id}
              alt=""
              size="xs"
            />
            <span>
              Hosted by <HostName username={session.host.username} name={session.host.name || session.host.username} />
            </span>
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarClock aria-hidden className="size-4" />
            <time dateTime={session.startsAt}>{formatSessionTime(session.startsAt)}</time>
            <span>· {formatDuration(session.durationMinutes)}</span>
          </span>
        </div>
        {session.description ? <p className="whitespace-pre-line break-words">{session.description}</p> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="outline" size="sm">
            <a href={calendarUrl(session.id)} download>
              <CalendarPlus aria-hidden />
              Add to calendar
            </a>
          </Button>
          {isHost ? (
            <Button asChild variant="outline" size="sm">
              {/* for streaming software or a second screen: the pinned question full screen */}
              <a href={paths.presentSession(session.id)} target="_blank" rel="noopener" title="Opens in a new tab">
                <MonitorPlay aria-hidden />
                Presenter view
              </a>
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <Link to={paths.sessionLedger(session.id)}>Moderation ledger</Link>
          </Button>
          {canReadAnalytics ? (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.sessionAnalytics(session.id)}>Analytics</Link>
            </Button>
          ) : null}
          <SessionViewers sessionId={session.id} />
        </div>
        {isHost ? <LazyHostControls session={session} onDeleted={onDeleted} /> : null}
        {isHost && session.status === 'ended' ? (
          <LazyCarryOver session={session} onDone={() => questionsHeading.current?.focus()} />
        ) : null}
      </header>
      <section aria-labelledby="session-questions" className="grid gap-3">
        <h2 id="session-questions" ref={questionsHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {session.status === 'scheduled' ? 'Questions (ask before it starts)' : 'Questions'}
        </h2>
        <SessionQueue session={session} isHost={isHost} />
      </section>
      <SessionRecordSection sessionId={session.id} />
      <QueueAnnouncer groupId={session.groupId} sessionId={session.id} />
    </div>
  );
}

function SessionPage({ sessionId }: { sessionId: string }) {
  const query = useAmaSession(sessionId);
  const navigate = useNavigate();
  const [isDeleted, setIsDeleted] = useState(false);
  useSessionLiveUpdates(sessionId, () => setIsDeleted(true));
  useSessionPresence(isDeleted ? null : sessionId);

  if (isDeleted || (query.isError && isSessionNotFound(query.error))) {
    return (
      <LazyAlert variant="warning" title={isDeleted ? 'This session was deleted' : 'This session does not exist'}>
        <Button asChild variant="outline" size="sm" className="mt-2">
          <Link to={paths.events()}>See all events</Link>
        </Button>
      </LazyAlert>
    );
  }
  if (query.isError) {
    return (
      <LoadError title="The session could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data) {
    return (
      <LoadingRegion label="Loading the session" className="grid gap-3">
        <Skeleton className="h-6 w-24" />
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </LoadingRegion>
    );
  }
  return (
    <SessionDetails
      session={query.data}
      onDeleted={() => {
        setIsDeleted(true);
        void navigate(paths.events());
      }}
    />
  );
}

/** /event/:id: an AMA session with its live question queue. */
export function SessionRoute() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <SessionPage key={id} sessionId={id} />
    </div>
  );
}
