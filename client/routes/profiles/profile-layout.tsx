import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';

import { LoadError } from '#client/components/ui/load-error.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { isNotFound, useProfile } from '#client/features/profiles/api/get-profile.ts';
import { profileKeys } from '#client/features/profiles/api/query-keys.ts';
import { ProfileHeader, ProfileHeaderSkeleton } from '#client/features/profiles/components/profile-header.tsx';
import { isPossibleHandle } from '#client/features/profiles/utils/person.ts';
import { cn } from '#client/lib/cn.ts';
import { NotFoundRoute } from '#client/routes/not-found.tsx';
import { PAGE_NOT_FOUND_TITLE } from '#shared/constants/profile-messages.ts';
import type { ProfilePageResponse } from '#shared/schemas/profiles.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

/** What the profile's sections (groups, followers, following) get from the layout. */
export type ProfileOutletContext = { page: ProfilePageResponse };

function NotFoundProfile() {
  useDocumentTitle(PAGE_NOT_FOUND_TITLE);
  return <NotFoundRoute />;
}

function ProfileTabs({ username }: { username: string }) {
  const tabs = [
    { to: paths.profile(username), label: 'Groups', end: true },
    { to: paths.followers(username), label: 'Followers', end: false },
    { to: paths.following(username), label: 'Following', end: false },
  ];
  return (
    <nav aria-label="Profile sections" className="mt-8 border-b">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  'rounded-t-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ProfileLayout({ handle }: { handle: string }) {
  const query = useProfile(handle);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const current = query.data?.profile.username;
  // A former handle, or the current one typed in another case: the address moves to the current one.
  const isMoving = current !== undefined && current !== handle;

  useEffect(() => {
    if (!isMoving || !query.data || current === undefined) return;
    queryClient.setQueryData(profileKeys.byHandle(current), query.data);
    const rest = pathname.slice(1 + handle.length);
    void navigate(`${paths.profile(current)}${rest}${search}${hash}`, { replace: true });
  }, [isMoving, current, handle, pathname, search, hash, navigate, queryClient, query.data]);

  if (query.isError && isNotFound(query.error)) return <NotFoundProfile />;

  let content;
  if (query.isPending || isMoving) {
    content = (
      <>
        <ProfileHeaderSkeleton />
        <ListSkeleton className="mt-10" label="Loading profile" />
      </>
    );
  } else if (query.isError) {
    content = (
      <LoadError title="This profile could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else {
    content = (
      <>
        <ProfileHeader page={query.data} />
        <ProfileTabs username={query.data.profile.username} />
        <div className="pt-6">
          <Outlet context={{ page: query.data } satisfies ProfileOutletContext} />
        </div>
      </>
    );
  }
  return <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">{content}</div>;
}

/** /:username and its sections: a person's public profile, by current or former handle, any case. */
export function ProfileLayoutRoute() {
  const { username = '' } = useParams();
  // Paths that cannot be a handle (a dot, a slash, other scripts) need no question to the server.
  if (!isPossibleHandle(username)) return <NotFoundProfile />;
  return <ProfileLayout key={username.toLowerCase()} handle={username} />;
}
