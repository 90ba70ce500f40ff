import { useQueryClient } from '@tanstack/react-query';
import { ChartLine, ScrollText } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';

import { LazyAlert } from '#client/components/ui/lazy-alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { useContentLiveUpdates } from '#client/features/content/hooks/use-content-live-updates.ts';
import { GroupGateProvider } from '#client/features/gate/index.ts';
import { useDeleteGroup } from '#client/features/groups/api/delete-group.ts';
import { isGroupNotFound, useGroup } from '#client/features/groups/api/get-group.ts';
import { useGroupAccess } from '#client/features/groups/api/get-group-access.ts';
import { useMarkGroupViewed } from '#client/features/groups/api/mark-viewed.ts';
import { groupKeys, updateGroupCaches } from '#client/features/groups/api/query-keys.ts';
import { useSubscribeToGroup } from '#client/features/groups/api/subscription.ts';
import { GroupCalendarLink } from '#client/features/calendar/components/group-calendar-link.tsx';
import { FeedLinks, groupFeeds } from '#client/features/feeds/feed-links.tsx';
import { GroupHeader, GroupHeaderSkeleton } from '#client/features/groups/components/group-header.tsx';
import { PostsPanel } from '#client/features/posts/components/posts-panel.tsx';
import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';
import { paths, type GroupTab } from '#client/lib/paths.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { GROUP_LIVE_EVENTS, groupTopic, userTopic } from '#shared/constants/live.ts';
import { canReadHostAnalytics, checkPermission } from '#shared/lib/permissions.ts';
import type { GroupPageResponse } from '#shared/schemas/groups.ts';

// Only live Q&A groups have a queue: its code loads when the tab opens.
/** Says each new pinned question and answer to screen readers while the Questions tab is open. */
const QueueAnnouncer = lazy(async () => {
  const { QueueAnnouncer: Announcer } = await import('#client/features/questions/components/queue-announcer.tsx');
  return { default: Announcer };
});

const QuestionsPanel = lazy(async () => {
  const { QuestionsPanel: Panel } = await import('#client/features/questions/components/questions-panel.tsx');
  return { default: Panel };
});

// The Members and Subscribers tabs are opened after the page, rarely on a first visit: their
// lists (and the host's add and remove), with the people's hover cards, load when the tab opens.
const MembersPanel = lazy(async () => {
  const [{ MembersPanel: Panel }, { renderPersonLink }] = await Promise.all([
    import('#client/features/groups/components/members-panel.tsx'),
    import('./compose.tsx'),
  ]);
  return {
    default: (props: { groupId: string; isHost: boolean }) => <Panel {...props} renderPersonLink={renderPersonLink} />,
  };
});

const SubscribersPanel = lazy(async () => {
  const [{ SubscribersPanel: Panel }, { renderPersonLink }] = await Promise.all([
    import('#client/features/groups/components/subscribers-panel.tsx'),
    import('./compose.tsx'),
  ]);
  return { default: (props: { groupId: string }) => <Panel {...props} renderPersonLink={renderPersonLink} /> };
});

// a slug no group has: rare, so its page loads when needed
const GroupNotFound = lazy(async () => ({ default: (await import('./compose.tsx')).GroupNotFound }));

/** Uploads one of a post's images, its code fetched with the first picture picked. */
const uploadPostImage = async (file: File) => (await import('./compose.tsx')).uploadPostImage(file);

// The host's hover card, for a screen a pointer hovers over: phones show the plain link and never
// fetch it (as on the session page).
const HoverPersonLink = lazyComponent(async () => {
  const { PersonLink } = await import('#client/features/profiles/components/person-hover-card.tsx');
  return PersonLink;
});

const HOVER_CARD_SCREEN = '(hover: hover) and (pointer: fine) and (min-width: 640px)';
const canHover = () => typeof window.matchMedia === 'function' && window.matchMedia(HOVER_CARD_SCREEN).matches;

/** The host's name linking to their profile; with their hover card where a pointer can hover. */
function HostName({ username, name }: { username: string; name: string }) {
  const [wantsCard] = useState(canHover);
  const isLoaded = HoverPersonLink.useLoaded(wantsCard);
  if (isLoaded) return <HoverPersonLink.Component username={username}>{name}</HoverPersonLink.Component>;
  return (
    <Link
      to={paths.profile(username)}
      className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      {name}
    </Link>
  );
}

// Sessions are ama groups' too.
const GroupSessionsPanel = lazy(async () => {
  const { GroupSessionsPanel: Panel } = await import('#client/features/sessions/components/group-sessions-panel.tsx');
  return { default: Panel };
});

function tabsOf(isAma: boolean): { id: GroupTab; label: string }[] {
  return [
    { id: 'posts', label: 'Posts' },
    ...(isAma
      ? [
          { id: 'questions' as const, label: 'Questions' },
          { id: 'events' as const, label: 'Events' },
        ]
      : []),
    { id: 'members', label: 'Members' },
    { id: 'subscribers', label: 'Subscribers' },
  ];
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Keeps the page current from the live channel: the group's topic, and the viewer's own. */
function useGroupLiveUpdates(page: GroupPageResponse, slug: string, onDeleted: () => void) {
  const { group } = page;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();

  useLiveTopic(
    groupTopic(group.id),
    (event) => {
      const data = event.data ?? {};
      switch (event.event) {
        case GROUP_LIVE_EVENTS.subscribersChanged: {
          const subscriberCount = numberOf(data.subscriberCount);
          if (subscriberCount !== null) updateGroupCaches(queryClient, group.id, (g) => ({ ...g, subscriberCount }));
          void queryClient.invalidateQueries({ queryKey: groupKeys.subscribers(group.id) });
          break;
        }
        case GROUP_LIVE_EVENTS.membersChanged: {
          const memberCount = numberOf(data.memberCount);
          if (memberCount !== null) updateGroupCaches(queryClient, group.id, (g) => ({ ...g, memberCount }));
          void queryClient.invalidateQueries({ queryKey: groupKeys.members(group.id) });
          void queryClient.invalidateQueries({ queryKey: groupKeys.access(group.id) });
          break;
        }
        case GROUP_LIVE_EVENTS.likesChanged: {
          const likeCount = numberOf(data.likeCount);
          if (likeCount !== null) updateGroupCaches(queryClient, group.id, (g) => ({ ...g, likeCount }));
          break;
        }
        case GROUP_LIVE_EVENTS.groupUpdated: {
          // A new slug (when the event names it) moves the page; otherwise the page is read again.
          if (typeof data.slug === 'string' && data.slug !== group.slug) {
            void navigate(paths.group(data.slug), { replace: true });
          } else {
            void queryClient.invalidateQueries({ queryKey: groupKeys.bySlug(slug) });
          }
          break;
        }
        case GROUP_LIVE_EVENTS.groupDeleted:
          onDeleted();
          break;
      }
    },
    () => {
      // back after a drop: the group (a deletion shows as its absence), its people and the viewer's access
      void queryClient.invalidateQueries({ queryKey: groupKeys.bySlug(slug) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.subscribers(group.id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(group.id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.access(group.id) });
    },
  );

  useLiveTopic(
    user ? userTopic(user.id) : null,
    (event) => {
      // The host added or removed the viewer, or they subscribed in another tab.
      if (event.event === GROUP_LIVE_EVENTS.accessChanged && String(event.ids.groupId) === group.id) {
        void queryClient.invalidateQueries({ queryKey: groupKeys.access(group.id) });
      }
    },
    () => void queryClient.invalidateQueries({ queryKey: groupKeys.access(group.id) }),
  );
}

const RECORD_LINK =
  'inline-flex items-center gap-1.5 rounded-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

/** An ama group's records under its header: the public moderation ledger, and its analytics for the host and administrators. */
function GroupRecordLinks({ slug, canReadAnalytics }: { slug: string; canReadAnalytics: boolean }) {
  return (
    <nav
      aria-label="Group records"
      className="mt-4 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm sm:justify-start"
    >
      <Link to={paths.groupLedger(slug)} className={RECORD_LINK}>
        <ScrollText aria-hidden className="size-4" />
        Moderation ledger
      </Link>
      <GroupCalendarLink slug={slug} />
      {canReadAnalytics ? (
        <Link to={paths.groupAnalytics(slug)} className={RECORD_LINK}>
          <ChartLine aria-hidden className="size-4" />
          Analytics
        </Link>
      ) : null}
    </nav>
  );
}

function GroupView({ page, slug, updatedAt }: { page: GroupPageResponse; slug: string; updatedAt: number }) {
  const { group } = page;
  const { data: access } = useGroupAccess(group.id, { access: page.access, updatedAt });
  const [isDeleted, setIsDeleted] = useState(false);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const deleteGroup = useDeleteGroup();
  const { mutate: markViewed } = useMarkGroupViewed();
  const subscribe = useSubscribeToGroup();
  const markedGroupId = useRef<string | null>(null);
  const { user } = useSession();
  useDocumentTitle(group.name);
  useGroupLiveUpdates(page, slug, () => setIsDeleted(true));
  useContentLiveUpdates(group.id);

  // Seeing the page counts as a visit of one's subscription: once per group, so the sidebar's dot goes.
  const isSubscribed = access?.isSubscribed ?? false;
  useEffect(() => {
    if (!isSubscribed || markedGroupId.current === group.id) return;
    markedGroupId.current = group.id;
    markViewed(group.id);
  }, [isSubscribed, group.id, markViewed]);

  if (isDeleted) {
    return (
      <LazyAlert variant="warning" title="This group was deleted">
        <Button asChild variant="outline" size="sm" className="mt-2">
          <Link to={paths.groups()}>See all groups</Link>
        </Button>
      </LazyAlert>
    );
  }

  const tabs = tabsOf(group.ama);
  const asked = params.get('tab');
  const tab = tabs.find((item) => item.id === asked)?.id ?? 'posts';
  const isHost = access?.role === 'host';
  const role = access?.role ?? 'unknown';

  return (
    <GroupGateProvider group={group} access={access} subscribe={subscribe}>
      <GroupHeader
        group={group}
        access={access}
        hostLink={<HostName username={group.host.username} name={group.host.name || group.host.username} />}
        onDelete={async () => {
          await deleteGroup.mutateAsync(group.id);
          toast.success(GROUP_MESSAGES.deleted, { description: `${group.name} is gone.` });
          await navigate(paths.groups());
        }}
      />
      {group.ama ? (
        <GroupRecordLinks
          slug={group.slug}
          canReadAnalytics={canReadHostAnalytics(user ? { id: user.id, isAdmin: user.role === 'admin' } : null, {
            hostId: group.host.id,
          })}
        />
      ) : null}
      <FeedLinks feeds={groupFeeds(group)} />
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={(value) => setParams(value === 'posts' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label="Group sections">
          {tabs.map((item) => (
            <TabsTrigger key={item.id} value={item.id}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="posts" className="pt-2">
          <PostsPanel
            groupId={group.id}
            canPost={checkPermission(role, 'post', 'posts').allowed}
            upload={uploadPostImage}
          />
        </TabsContent>
        {group.ama ? (
          <TabsContent value="questions" className="pt-2">
            <Suspense fallback={<ListSkeleton label="Loading questions" />}>
              <QuestionsPanel
                groupId={group.id}
                isHost={isHost}
                canAsk={checkPermission(role, 'ask', 'questionQueue').allowed}
                questionsNeedApproval={group.questionsNeedApproval}
                freshOrder={group.freshOrder}
                rules={{ role, anonymousQuestions: group.anonymousQuestions, openQuestionCap: group.openQuestionCap }}
              />
            </Suspense>
            <Suspense fallback={null}>
              <QueueAnnouncer groupId={group.id} />
            </Suspense>
          </TabsContent>
        ) : null}
        {group.ama ? (
          <TabsContent value="events" className="pt-2">
            <Suspense fallback={<ListSkeleton label="Loading sessions" />}>
              <GroupSessionsPanel groupId={group.id} isHost={isHost} />
            </Suspense>
          </TabsContent>
        ) : null}
        <TabsContent value="members" className="pt-2">
          <Suspense fallback={<ListSkeleton label="Loading members" />}>
            <MembersPanel groupId={group.id} isHost={isHost} />
          </Suspense>
        </TabsContent>
        <TabsContent value="subscribers" className="pt-2">
          <Suspense fallback={<ListSkeleton label="Loading subscribers" />}>
            <SubscribersPanel groupId={group.id} />
          </Suspense>
        </TabsContent>
      </Tabs>
    </GroupGateProvider>
  );
}

function GroupPage({ slug }: { slug: string }) {
  const query = useGroup(slug);
  useDocumentTitle(query.isError && isGroupNotFound(query.error) ? GROUP_MESSAGES.notFound : null);

  if (query.isError && isGroupNotFound(query.error)) {
    return (
      <Suspense fallback={null}>
        <GroupNotFound />
      </Suspense>
    );
  }
  let content;
  if (query.isPending) {
    content = (
      <>
        <GroupHeaderSkeleton />
        <ListSkeleton className="mt-10" label="Loading group" />
      </>
    );
  } else if (query.isError) {
    content = (
      <LoadError title="This group could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else {
    content = <GroupView page={query.data} slug={slug} updatedAt={query.dataUpdatedAt} />;
  }
  return <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">{content}</div>;
}

/** /group/:slug: a group's page (slug in any case). */
export function GroupRoute() {
  const { slug = '' } = useParams();
  return <GroupPage key={slug.toLowerCase()} slug={slug} />;
}
