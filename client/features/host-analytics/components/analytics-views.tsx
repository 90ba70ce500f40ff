import { ArrowLeft, Download, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { paths } from '#client/lib/paths.ts';
import { HOST_ANALYTICS_MESSAGES } from '#shared/constants/host-analytics.ts';

import { groupAnalyticsCsvUrl, useGroupAnalytics } from '../api/get-group-analytics.ts';
import { sessionAnalyticsCsvUrl, useSessionAnalytics } from '../api/get-session-analytics.ts';
import { formatDateTime } from '../utils/format-figures.ts';
import { AnalyticsTiles } from './analytics-tiles.tsx';
import { GroupSessionsTable } from './group-sessions-table.tsx';
import { TopQuestions } from './top-questions.tsx';
import { ViewersChart } from './viewers-chart.tsx';

const PAGE = 'mx-auto grid w-full max-w-4xl gap-8 px-4 py-6 sm:px-6 sm:py-10';

/** The frame of both pages: the way back, the title, what it is about, and the CSV download. */
function AnalyticsLayout({
  back,
  title,
  subtitle,
  csvUrl,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  subtitle: ReactNode;
  csvUrl: string;
  children: ReactNode;
}) {
  return (
    <div className={PAGE}>
      <header className="grid gap-3">
        <Link
          to={back.to}
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          <span className="break-all">{back.label}</span>
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1">
            <h1 className="text-2xl font-bold tracking-tight break-words">{title}</h1>
            <p className="text-sm text-muted-foreground">{subtitle}</p>
          </div>
          <Button asChild variant="outline" className="w-fit shrink-0">
            <a href={csvUrl} download>
              <Download aria-hidden className="size-4" />
              Download CSV
            </a>
          </Button>
        </div>
      </header>
      {children}
    </div>
  );
}

/** The page's shape while it loads. */
export function AnalyticsSkeleton() {
  return (
    <LoadingRegion label="Loading analytics" className={PAGE}>
      <div className="grid gap-2">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-8 w-2/3" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-60" />
    </LoadingRegion>
  );
}

/** A refusal or a failure of the analytics read, as a page: 401 and 403 say who may see them, 404 is gone. */
function AnalyticsFailure({
  heading,
  error,
  notFound,
  back,
  onRetry,
}: {
  /** The page's h1, also when it shows only why it cannot show the figures. */
  heading: string;
  error: Error;
  notFound: { title: string; to: string; label: string };
  /** Where a person refused goes back to. */
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  const status = error instanceof ApiError ? error.status : 0;
  let content: ReactNode;
  if (status === 401 || status === 403) {
    content = (
      <Alert
        variant="warning"
        icon={<Lock aria-hidden className="size-4" />}
        title={HOST_ANALYTICS_MESSAGES.hostOnly}
        description={status === 401 ? `${HOST_ANALYTICS_MESSAGES.signIn}.` : undefined}
      >
        <Button asChild variant="outline" size="sm" className="mt-2">
          <Link to={back.to}>{back.label}</Link>
        </Button>
      </Alert>
    );
  } else if (status === 404) {
    content = (
      <Alert variant="warning" title={notFound.title}>
        <Button asChild variant="outline" size="sm" className="mt-2">
          <Link to={notFound.to}>{notFound.label}</Link>
        </Button>
      </Alert>
    );
  } else {
    content = <LoadError title="Analytics could not be loaded" error={error} onRetry={onRetry} />;
  }
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight break-words">{heading}</h1>
      {content}
    </div>
  );
}

/** A session's analytics page: figures, viewers over time, top questions and the CSV. */
export function SessionAnalytics({ sessionId }: { sessionId: string }) {
  const query = useSessionAnalytics(sessionId);
  useDocumentTitle(query.data ? `Analytics · ${query.data.session.title}` : 'Analytics');

  if (query.isError) {
    return (
      <AnalyticsFailure
        heading="Session analytics"
        error={query.error}
        notFound={{ title: 'This session does not exist', to: paths.events(), label: 'See all events' }}
        back={{ to: paths.session(sessionId), label: 'Back to the session' }}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) return <AnalyticsSkeleton />;
  const { session, figures, viewers } = query.data;
  const when =
    session.status === 'live'
      ? 'Live now: the figures are read again every minute.'
      : session.status === 'scheduled'
        ? `Starts ${formatDateTime(session.startsAt)}.`
        : `Held ${formatDateTime(session.startedAt ?? session.startsAt)}.`;
  return (
    <AnalyticsLayout
      back={{ to: paths.session(session.id), label: session.title }}
      title="Session analytics"
      subtitle={
        <>
          {session.title} in{' '}
          <Link to={paths.group(session.group.slug)} className="font-medium underline-offset-4 hover:underline">
            {session.group.name}
          </Link>
          . {when}
        </>
      }
      csvUrl={sessionAnalyticsCsvUrl(session.id)}
    >
      {figures.asked === 0 ? (
        <p className="rounded-md border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
          No questions were asked in this session yet.
        </p>
      ) : null}
      <AnalyticsTiles figures={figures} />
      <ViewersChart
        samples={viewers}
        peak={figures.peak}
        emptyText="Viewers are counted each minute while the session is live."
      />
      <TopQuestions
        questions={figures.topQuestions}
        groupSlug={session.group.slug}
        emptyText="No questions were asked in this session yet"
      />
      <p className="text-sm">
        <Link
          to={paths.groupAnalytics(session.group.slug)}
          className="font-medium text-link underline-offset-4 hover:underline"
        >
          Analytics of all of {session.group.name}
        </Link>
      </p>
    </AnalyticsLayout>
  );
}

/** A group's analytics page: figures over all its questions, its sessions, top questions and the CSV. */
export function GroupAnalytics({ group }: { group: { id: string; slug: string; name: string } }) {
  const query = useGroupAnalytics(group.id);
  useDocumentTitle(`Analytics · ${group.name}`);

  if (query.isError) {
    return (
      <AnalyticsFailure
        heading={`Analytics · ${group.name}`}
        error={query.error}
        notFound={{ title: 'This group does not exist', to: paths.groups(), label: 'See all groups' }}
        back={{ to: paths.group(group.slug), label: 'Back to the group' }}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) return <AnalyticsSkeleton />;
  const { figures, sessions } = query.data;
  return (
    <AnalyticsLayout
      back={{ to: paths.group(group.slug), label: group.name }}
      title="Group analytics"
      subtitle="All the group's questions, its sessions' and the others; viewers are counted while a session is live."
      csvUrl={groupAnalyticsCsvUrl(group.id)}
    >
      {figures.asked === 0 ? (
        <p className="rounded-md border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
          No questions were asked in this group yet.
        </p>
      ) : null}
      <AnalyticsTiles figures={figures} />
      <GroupSessionsTable sessions={sessions} />
      <TopQuestions
        questions={figures.topQuestions}
        groupSlug={group.slug}
        emptyText="No questions were asked in this group yet"
      />
    </AnalyticsLayout>
  );
}
