import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '#client/components/ui/hover-card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { isNotFound, useProfile } from '#client/features/profiles/api/get-profile.ts';
import { formatCount } from '#client/features/profiles/utils/person.ts';
import { displayName } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';

import { FollowButton } from './follow-button.tsx';

/** The mini profile inside the card: fetched when the card first opens, then shared with the profile page. */
function MiniProfile({ username }: { username: string }) {
  const { data, error, isPending } = useProfile(username);
  if (isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading profile</span>
        <div className="flex items-center gap-3">
          <Skeleton className="size-12 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
        <Skeleton className="h-3 w-full" />
      </div>
    );
  }
  if (error) {
    return (
      <p className="text-sm text-muted-foreground">
        {isNotFound(error) ? 'This profile does not exist.' : error.message}
      </p>
    );
  }

  const { profile, viewer } = data;
  return (
    <div className="grid gap-3">
      <div className="flex items-start justify-between gap-3">
        <Link to={paths.profile(profile.username)} tabIndex={-1} aria-hidden="true">
          <Avatar
            src={profile.profileImageURL || null}
            name={profile.name || profile.username}
            userId={profile.id}
            alt=""
            size="lg"
          />
        </Link>
        <FollowButton person={profile} isFollowing={viewer?.isFollowing ?? false} />
      </div>
      <div className="grid min-w-0">
        <Link
          to={paths.profile(profile.username)}
          className="truncate font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {displayName(profile)}
        </Link>
        <span className="truncate text-sm text-muted-foreground">@{profile.username}</span>
      </div>
      {profile.quote ? <p className="line-clamp-3 text-sm break-words">{profile.quote}</p> : null}
      <p className="flex gap-4 text-sm text-muted-foreground">
        <Link to={paths.followers(profile.username)} className="hover:underline">
          <span className="font-semibold text-foreground">{formatCount(profile.followers)}</span>{' '}
          {profile.followers === 1 ? 'follower' : 'followers'}
        </Link>
        <Link to={paths.following(profile.username)} className="hover:underline">
          <span className="font-semibold text-foreground">{formatCount(profile.following)}</span> following
        </Link>
      </p>
    </div>
  );
}

/** Props of PersonHoverCardPanel. */
export type PersonHoverCardPanelProps = {
  /** The person's handle (any case). */
  username: string;
  /** The trigger: one element that takes a ref, usually a link to the profile. */
  children: ReactNode;
  /** Whether the card is open; PersonHoverCard keeps it. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts focus on the trigger when this mounts: it replaces a trigger that had focus. */
  refocus: boolean;
};

/**
 * The hover card itself, with Radix's hover card and floating-ui: PersonHoverCard
 * (person-hover-card.tsx) loads it when the card first opens. The profile loads only when the
 * card first opens.
 */
export function PersonHoverCardPanel({ username, children, open, onOpenChange, refocus }: PersonHoverCardPanelProps) {
  const triggerRef = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => {
    if (refocus) triggerRef.current?.focus();
    // Only on mount: this trigger took the place of the one that had focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <HoverCard open={open} onOpenChange={onOpenChange}>
      <HoverCardTrigger asChild ref={triggerRef}>
        {children}
      </HoverCardTrigger>
      <HoverCardContent className="w-72">{open ? <MiniProfile username={username} /> : null}</HoverCardContent>
    </HoverCard>
  );
}
