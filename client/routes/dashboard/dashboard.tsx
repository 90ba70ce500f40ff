import { CalendarPlus, CalendarX2, History, SquarePlus, UsersRound } from 'lucide-react';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { useDashboard } from '#client/features/discovery/api/get-dashboard.ts';
import { PageSection } from '#client/features/discovery/components/section.tsx';
import { formatMembers, formatSubscribers } from '#client/features/groups/utils/format.ts';
import { SessionCard } from '#client/features/sessions/components/session-card.tsx';
import type { ActivityItem, DashboardGroup, DashboardResponse } from '#shared/schemas/discovery.ts';

import { SignInPrompt } from '../groups/compose.tsx';
import { displayName, formatAge } from '#client/lib/format.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

const count = (value: number, one: string, many: string) => `${value.toLocaleString('en')} ${value === 1 ? one : many}`;

const ACTIVITY_VERBS: Record<ActivityItem['kind'], string> = {
  question: 'asked in',
  comment: 'commented in',
  post: 'posted in',
  subscription: 'subscribed to',
};

function activityPath(item: ActivityItem): string {
  if (item.target.type === 'post') return paths.post(item.group.slug, item.target.id);
  if (item.target.type === 'question') return paths.question(item.group.slug, item.target.id);
  return paths.groupTab(item.group.slug, 'subscribers');
}

function Totals({ totals }: { totals: DashboardResponse['totals'] }) {
  const tiles = [
    { label: 'Subscribers', value: totals.subscribers },
    { label: 'Unanswered questions', value: totals.unanswered },
    { label: 'Waiting for approval', value: totals.pending },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {tiles.map((tile) => (
        <div key={tile.label} className="rounded-lg border bg-card p-4 text-card-foreground">
          <dt className="text-sm text-muted-foreground">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{tile.value.toLocaleString('en')}</dd>
        </div>
      ))}
    </dl>
  );
}

function GroupRow({ group }: { group: DashboardGroup }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar src={group.groupImage || null} name={group.name} userId={group.id} alt="" shape="rounded" />
      <div className="grid min-w-0 flex-1">
        <Link to={paths.group(group.slug)} className="truncate font-medium underline-offset-4 hover:underline">
          {group.name}
        </Link>
        <span className="text-sm text-muted-foreground">
          {formatSubscribers(group.subscriberCount)} · {formatMembers(group.memberCount)}
        </span>
        {group.ama ? (
          <span className="text-sm">
            <Link to={paths.groupTab(group.slug, 'questions')} className="text-link underline-offset-4 hover:underline">
              {count(group.unansweredCount, 'unanswered question', 'unanswered questions')}
            </Link>
            {group.pendingCount > 0 ? (
              <span className="text-muted-foreground">
                {' '}
                · {count(group.pendingCount, 'waiting', 'waiting')} for approval
              </span>
            ) : null}
          </span>
        ) : null}
      </div>
      {group.ama ? (
        <Button asChild variant="outline" size="sm">
          <Link to={paths.groupTab(group.slug, 'events')} aria-label={`Schedule a session in ${group.name}`}>
            <CalendarPlus aria-hidden />
            Schedule a session
          </Link>
        </Button>
      ) : null}
    </li>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const name = displayName(item.actor);
  return (
    <li className="flex items-start gap-3 py-3">
      <Avatar src={item.actor.profileImageURL || null} name={name} userId={item.actor.id} alt="" size="sm" />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <p>
          {/* an anonymous asker has no handle: their name is not a link */}
          {item.actor.username ? (
            <Link to={paths.profile(item.actor.username)} className="font-medium underline-offset-4 hover:underline">
              {name}
            </Link>
          ) : (
            <span className="font-medium">{name}</span>
          )}{' '}
          {ACTIVITY_VERBS[item.kind]}{' '}
          <Link to={activityPath(item)} className="font-medium text-link underline-offset-4 hover:underline">
            {item.group.name}
          </Link>
        </p>
        {item.text ? <p className="line-clamp-2 text-muted-foreground">{item.text}</p> : null}
        <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
          {formatAge(item.createdAt)}
        </time>
      </div>
    </li>
  );
}

function DashboardContent() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <ListSkeleton label="Loading your dashboard" />;
  if (!dashboard.data) {
    return (
      <LoadError
        title="Your dashboard could not be loaded"
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }
  const { groups, totals, upcomingSessions, activity } = dashboard.data;
  if (groups.length === 0) {
    return (
      <EmptyState
        icon={<UsersRound />}
        title="You don't host any group yet"
        description="Create a group for your community: post updates, take questions and run live AMA sessions."
        action={
          <Button asChild>
            <Link to={paths.createGroup()}>Create a group</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-8">
      <Totals totals={totals} />
      <PageSection title="Your groups">
        <ul aria-label="Your groups" className="divide-y">
          {groups.map((group) => (
            <GroupRow key={group.id} group={group} />
          ))}
        </ul>
      </PageSection>
      <PageSection title="Upcoming sessions" link={{ to: paths.events(), label: 'All events' }}>
        {upcomingSessions.length === 0 ? (
          <EmptyState
            icon={<CalendarX2 />}
            title="No sessions scheduled"
            description="Schedule one from a live Q&A group's Events tab."
          />
        ) : (
          <ul aria-label="Upcoming sessions" className="grid gap-3">
            {upcomingSessions.map((session) => (
              <li key={session.id}>
                <SessionCard session={session} />
              </li>
            ))}
          </ul>
        )}
      </PageSection>
      <PageSection title="Recent activity">
        {activity.length === 0 ? (
          <EmptyState
            icon={<History />}
            title="No activity yet"
            description="Questions, comments, posts and new subscribers in your groups show here."
          />
        ) : (
          <ul aria-label="Recent activity" className="divide-y">
            {activity.map((item) => (
              <ActivityRow key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </ul>
        )}
      </PageSection>
    </div>
  );
}

/** /dashboard: what a creator needs at a glance — their groups, questions waiting, sessions, activity. */
export function DashboardRoute() {
  const { user, loading } = useSession();
  useDocumentTitle('Dashboard');
  let content;
  if (loading) content = <ListSkeleton label="Loading" />;
  else if (!user) {
    content = (
      <SignInPrompt
        title="Sign in to see your dashboard"
        description="The groups you host, the questions waiting for you, your sessions and recent activity."
      />
    );
  } else {
    content = (
      <>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
          <Button asChild>
            <Link to={paths.createGroup()}>
              <SquarePlus aria-hidden />
              Create group
            </Link>
          </Button>
        </div>
        <DashboardContent />
      </>
    );
  }
  return <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">{content}</div>;
}
