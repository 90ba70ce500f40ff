import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useContentLiveUpdates } from '#client/features/content/hooks/use-content-live-updates.ts';
import { GroupGateProvider } from '#client/features/gate/index.ts';
import { isGroupNotFound, useGroup } from '#client/features/groups/api/get-group.ts';
import { useGroupAccess } from '#client/features/groups/api/get-group-access.ts';
import { useSubscribeToGroup } from '#client/features/groups/api/subscription.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { GroupAccess, GroupPageResponse } from '#shared/schemas/groups.ts';

import { GroupNotFound } from './compose.tsx';

/** What a page inside a group gets from the frame. */
export type GroupItemContext = { page: GroupPageResponse; access: GroupAccess | undefined };

function Frame({
  page,
  updatedAt,
  children,
}: {
  page: GroupPageResponse;
  updatedAt: number;
  children: (context: GroupItemContext) => ReactNode;
}) {
  const { group } = page;
  const { data: access } = useGroupAccess(group.id, { access: page.access, updatedAt });
  const subscribe = useSubscribeToGroup();
  useContentLiveUpdates(group.id);
  return (
    <GroupGateProvider group={group} access={access} subscribe={subscribe}>
      <nav aria-label="Group" className="mb-6 flex items-center gap-3">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={paths.group(group.slug)}>
            <ArrowLeft aria-hidden="true" />
            <span className="sr-only">Back to </span>
            <Avatar
              src={group.groupImage || null}
              name={group.name}
              userId={group.id}
              alt=""
              shape="rounded"
              size="xs"
            />
            <span className="truncate">{group.name}</span>
          </Link>
        </Button>
      </nav>
      {children({ page, access })}
    </GroupGateProvider>
  );
}

/**
 * The frame of a page that shows one thing of a group (a question, a post): the group read
 * by slug, a link back to it, the subscribe gate and the group's live updates around it.
 */
export function GroupItemFrame({
  label,
  children,
}: {
  /** What loads, for the skeleton: 'Loading question'. */
  label: string;
  children: (context: GroupItemContext) => ReactNode;
}) {
  const { slug = '' } = useParams();
  const query = useGroup(slug);
  const isMissing = query.isError && isGroupNotFound(query.error);
  useDocumentTitle(isMissing ? GROUP_MESSAGES.notFound : null);
  if (isMissing) return <GroupNotFound />;
  let content;
  if (query.isPending) {
    content = <ListSkeleton label={label} />;
  } else if (query.isError) {
    content = (
      <LoadError title="This group could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else {
    content = (
      <Frame page={query.data} updatedAt={query.dataUpdatedAt}>
        {children}
      </Frame>
    );
  }
  return <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">{content}</div>;
}

/** A question or post that is not there (any more), with the way back to its group. */
export function ItemNotFound({ title, slug, text }: { title: string; slug: string; text: string }) {
  useDocumentTitle(title);
  return (
    <div className="py-10 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <Button asChild className="mt-6">
        <Link to={paths.group(slug)}>Back to the group</Link>
      </Button>
    </div>
  );
}
