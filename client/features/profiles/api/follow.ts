import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { toast } from '#client/components/ui/toast.ts';
import { sessionQueryKey, type Session } from '#client/features/accounts/api/get-session.ts';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { api } from '#client/lib/api-client.ts';
import type { FollowResponse, ProfilePageResponse } from '#shared/schemas/profiles.ts';

import { profileKeys, updatePeopleRows, updateProfilePages } from './query-keys.ts';

/** PUT (follow) or DELETE (unfollow) /api/users/:userId/follow; both idempotent. */
export function setFollowing({ userId, follow }: { userId: string; follow: boolean }): Promise<FollowResponse> {
  const path = `/api/users/${encodeURIComponent(userId)}/follow`;
  return follow ? api.put<FollowResponse>(path, undefined) : api.delete<FollowResponse>(path);
}

/** The person a follow button is about. */
export type FollowTarget = { id: string; username: string; name: string };

/** Variables of a follow change: whom, the new state, and the state the button showed before. */
export type FollowChange = { person: FollowTarget; follow: boolean };

const followMutationKey = (userId: string) => ['profiles', 'follow', userId] as const;

/**
 * Shows `follow` for `userId` everywhere at once: their page (viewer relation, followers), their
 * row in every list, and the viewer's own following count (their page and the session).
 * `direction` +1 applies the change, -1 takes it back.
 */
function applyFollow(
  queryClient: QueryClient,
  { userId, follow, direction }: { userId: string; follow: boolean; direction: 1 | -1 },
) {
  const shown = direction === 1 ? follow : !follow;
  const step = (follow ? 1 : -1) * direction;
  let hasChanged = false;
  updateProfilePages(queryClient, userId, (page) => {
    if (!page.viewer || page.viewer.isSelf || page.viewer.isFollowing === shown) return page;
    hasChanged = true;
    return {
      ...page,
      viewer: { ...page.viewer, isFollowing: shown },
      profile: { ...page.profile, followers: Math.max(0, page.profile.followers + step) },
    };
  });
  updatePeopleRows(queryClient, userId, (person) => {
    if (person.isFollowing === null || person.isFollowing === shown) return person;
    hasChanged = true;
    return { ...person, isFollowing: shown, followers: Math.max(0, person.followers + step) };
  });
  return hasChanged ? step : 0;
}

/** Moves the viewer's own following count by `step` (their page and the session's profile). */
function moveOwnFollowing(queryClient: QueryClient, viewerId: string, step: number) {
  if (step === 0) return;
  updateProfilePages(queryClient, viewerId, (page) => ({
    ...page,
    profile: { ...page.profile, following: Math.max(0, page.profile.following + step) },
  }));
  queryClient.setQueryData<Session>(sessionQueryKey, (session) => {
    const profile = session?.user?.profile;
    if (!session?.user || !profile || session.user.id !== viewerId) return session;
    return { user: { ...session.user, profile: { ...profile, following: Math.max(0, profile.following + step) } } };
  });
}

/** Puts the server's answer for `userId` into every page and row that shows them. */
function applyAnswer(queryClient: QueryClient, userId: string, answer: FollowResponse) {
  updateProfilePages(queryClient, userId, (page) =>
    page.viewer && !page.viewer.isSelf
      ? {
          ...page,
          viewer: { ...page.viewer, isFollowing: answer.isFollowing },
          profile: { ...page.profile, followers: answer.followers },
        }
      : page,
  );
  updatePeopleRows(queryClient, userId, (person) =>
    person.isFollowing === null ? person : { ...person, isFollowing: answer.isFollowing, followers: answer.followers },
  );
}

function isPageOf(userId: string) {
  return (query: { state: { data: unknown } }) =>
    (query.state.data as ProfilePageResponse | undefined)?.profile?.id === userId;
}

/**
 * Follows or unfollows someone optimistically: every page, hover card and list that shows them
 * (and the viewer's own following count) changes at once. A failure takes the change back and
 * says so in a toast; the server's answer (exact follower count) replaces the guess.
 */
export function useFollow(userId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const viewerId = user?.id ?? '';

  return useMutation({
    mutationKey: followMutationKey(userId),
    mutationFn: ({ person, follow }: FollowChange) => setFollowing({ userId: person.id, follow }),
    onMutate: async ({ person, follow }) => {
      // An answer already on its way would land after this and undo the change on screen.
      await queryClient.cancelQueries({ queryKey: profileKeys.pages(), predicate: isPageOf(person.id) });
      const step = applyFollow(queryClient, { userId: person.id, follow, direction: 1 });
      moveOwnFollowing(queryClient, viewerId, step);
      return { step };
    },
    onError: (error, { person, follow }, context) => {
      applyFollow(queryClient, { userId: person.id, follow, direction: -1 });
      moveOwnFollowing(queryClient, viewerId, -(context?.step ?? 0));
      const who = person.name.trim() || `@${person.username}`;
      toast.error(follow ? `Could not follow ${who}` : `Could not unfollow ${who}`, { description: error.message });
    },
    onSuccess: (answer, { person }) => {
      // A later click on the same person is still on its way: its own answer will settle the state.
      if (queryClient.isMutating({ mutationKey: followMutationKey(person.id) }) > 1) return;
      applyAnswer(queryClient, person.id, answer);
    },
    onSettled: async (_answer, _error, { person }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.peopleOf(person.id, 'followers') }),
        viewerId ? queryClient.invalidateQueries({ queryKey: profileKeys.peopleOf(viewerId, 'following') }) : null,
        viewerId
          ? queryClient.invalidateQueries({ queryKey: profileKeys.pages(), predicate: isPageOf(viewerId) })
          : null,
      ]);
    },
  });
}
