import { Pencil } from 'lucide-react';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { HeaderSkeleton } from '#client/components/ui/header-skeleton.tsx';
import { formatCount } from '#client/features/profiles/utils/person.ts';
import { displayName } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';
import type { ProfilePageResponse } from '#shared/schemas/profiles.ts';

import { FollowButton } from './follow-button.tsx';

const countLinkClassName =
  'rounded-sm text-muted-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The top of a profile: large picture, name, @username, quote, follower and following counts
 * (links to the lists) and Follow, or 'Edit profile' on one's own.
 */
export function ProfileHeader({ page }: { page: ProfilePageResponse }) {
  const { profile, viewer } = page;
  return (
    <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:gap-6 sm:text-left">
      <Avatar
        src={profile.profileImageURL || null}
        name={profile.name || profile.username}
        userId={profile.id}
        alt={`Profile picture of ${displayName(profile)}`}
        size="2xl"
        className="size-24 text-3xl sm:size-32 sm:text-4xl"
      />
      <div className="grid min-w-0 flex-1 gap-3">
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{displayName(profile)}</h1>
            <p className="text-muted-foreground">@{profile.username}</p>
          </div>
          {viewer?.isSelf ? (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.settings.profile()}>
                <Pencil aria-hidden />
                Edit profile
              </Link>
            </Button>
          ) : (
            <FollowButton person={profile} isFollowing={viewer?.isFollowing ?? false} size="default" />
          )}
        </div>
        {profile.quote ? (
          <p className="max-w-prose text-base break-words whitespace-pre-line">{profile.quote}</p>
        ) : null}
        <p className="flex justify-center gap-5 text-sm sm:justify-start">
          <Link to={paths.followers(profile.username)} className={countLinkClassName}>
            <span className="font-semibold text-foreground">{formatCount(profile.followers)}</span>{' '}
            {profile.followers === 1 ? 'follower' : 'followers'}
          </Link>
          <Link to={paths.following(profile.username)} className={countLinkClassName}>
            <span className="font-semibold text-foreground">{formatCount(profile.following)}</span> following
          </Link>
        </p>
      </div>
    </header>
  );
}

/** The header's shape while the profile loads. */
export function ProfileHeaderSkeleton() {
  return <HeaderSkeleton label="Loading profile" shape="circular" subtitleWidth="w-24" />;
}
