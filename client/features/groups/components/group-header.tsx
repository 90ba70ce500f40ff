import { Pencil, Radio, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { HeaderSkeleton } from '#client/components/ui/header-skeleton.tsx';
import { formatMembers, formatSubscribers } from '#client/features/groups/utils/format.ts';
import { paths } from '#client/lib/paths.ts';
import type { GroupAccess, GroupSummary } from '#shared/schemas/groups.ts';

import { LikeButton } from './like-button.tsx';
import { SubscribeButton } from './subscribe-button.tsx';

/** The 'Live Q&A' badge of an ama group. */
export function AmaBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
      <Radio aria-hidden className="size-3" />
      Live Q&amp;A
    </span>
  );
}

/** Props of GroupHeader. */
export type GroupHeaderProps = {
  group: GroupSummary;
  access: GroupAccess | undefined;
  /** The host's name as a link with their hover card (composed by the page). */
  hostLink: ReactNode;
  /** Deletes the group; the dialog stays open (and busy) until it settles. */
  onDelete: () => Promise<void>;
};

/** What the viewer can do with the group: host edits or deletes, a member sees a badge, others subscribe. */
function GroupActions({ group, access, onDelete }: Omit<GroupHeaderProps, 'hostLink'>) {
  if (access?.role === 'host') {
    return (
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to={paths.editGroup(group.slug)}>
            <Pencil aria-hidden />
            Edit group
          </Link>
        </Button>
        <ConfirmDialog
          variant="destructive"
          description={`This deletes ${group.name} with its members and subscriptions. It cannot be undone.`}
          onConfirm={onDelete}
          trigger={
            <Button variant="ghost" className="text-error hover:text-error">
              <Trash2 aria-hidden />
              Delete
            </Button>
          }
        />
      </div>
    );
  }
  if (access?.role === 'member') {
    return <span className="inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium">Member</span>;
  }
  return <SubscribeButton groupId={group.id} access={access} />;
}

/**
 * The top of a group's page: picture, name, host, description, counts, Like, and the viewer's
 * action (Subscribe, Unsubscribe, a Member badge, or the host's Edit group and Delete).
 */
export function GroupHeader({ group, access, hostLink, onDelete }: GroupHeaderProps) {
  return (
    <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:gap-6 sm:text-left">
      <Avatar
        src={group.groupImage || null}
        name={group.name}
        userId={group.id}
        alt={`Picture of ${group.name}`}
        shape="rounded"
        size="2xl"
        className="size-24 text-3xl sm:size-32 sm:text-4xl"
      />
      <div className="grid w-full min-w-0 flex-1 gap-3">
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 justify-items-center gap-1 sm:justify-items-start">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{group.name}</h1>
            <div className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground sm:justify-start">
              <span className="inline-flex items-center gap-1.5">
                <Avatar
                  src={group.host.profileImageURL || null}
                  name={group.host.name || group.host.username}
                  userId={group.host.id}
                  alt=""
                  size="xs"
                />
                <span>Hosted by {hostLink}</span>
              </span>
              {group.ama ? <AmaBadge /> : null}
            </div>
          </div>
          <GroupActions group={group} access={access} onDelete={onDelete} />
        </div>
        {group.description ? (
          <p className="max-w-prose text-base break-words whitespace-pre-line">{group.description}</p>
        ) : null}
        <div className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm sm:justify-start">
          <span data-testid="subscriber-count">
            <span className="font-semibold text-foreground">{formatSubscribers(group.subscriberCount)}</span>
          </span>
          <span className="text-muted-foreground">{formatMembers(group.memberCount)}</span>
          <LikeButton group={group} access={access} />
        </div>
      </div>
    </header>
  );
}

/** The header's shape while the group loads. */
export function GroupHeaderSkeleton() {
  return <HeaderSkeleton label="Loading group" shape="rounded" subtitleWidth="w-32" />;
}
