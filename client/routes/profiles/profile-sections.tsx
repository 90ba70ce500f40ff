import { useOutletContext } from 'react-router';

import { HostedGroups } from '#client/features/profiles/components/hosted-groups.tsx';
import { PeopleList } from '#client/features/profiles/components/people-list.tsx';
import { profileTitle } from '#client/features/profiles/utils/person.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

import type { ProfileOutletContext } from './profile-layout.tsx';

/** /:username: the groups the person hosts. */
export function ProfileGroupsRoute() {
  const { page } = useOutletContext<ProfileOutletContext>();
  useDocumentTitle(profileTitle(page.profile));
  return (
    <section aria-labelledby="profile-groups">
      <h2 id="profile-groups" className="sr-only">
        Groups
      </h2>
      <HostedGroups groups={page.hostedGroups} isSelf={page.viewer?.isSelf ?? false} />
    </section>
  );
}

/** /:username/followers: who follows the person, newest first. */
export function ProfileFollowersRoute() {
  const { page } = useOutletContext<ProfileOutletContext>();
  useDocumentTitle(`People following ${profileTitle(page.profile)}`);
  return (
    <section aria-labelledby="profile-followers">
      <h2 id="profile-followers" className="sr-only">
        Followers
      </h2>
      <PeopleList profile={page.profile} kind="followers" isSelf={page.viewer?.isSelf ?? false} />
    </section>
  );
}

/** /:username/following: whom the person follows, newest first. */
export function ProfileFollowingRoute() {
  const { page } = useOutletContext<ProfileOutletContext>();
  useDocumentTitle(`People followed by ${profileTitle(page.profile)}`);
  return (
    <section aria-labelledby="profile-following">
      <h2 id="profile-following" className="sr-only">
        Following
      </h2>
      <PeopleList profile={page.profile} kind="following" isSelf={page.viewer?.isSelf ?? false} />
    </section>
  );
}
