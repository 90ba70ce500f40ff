import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sessionQueryKey, type Session } from '#client/features/accounts/api/get-session.ts';
import { api } from '#client/lib/api-client.ts';
import type { Profile } from '#shared/schemas/accounts.ts';
import type { ProfileUpdateInput, ProfileUpdateResponse } from '#shared/schemas/profiles.ts';

import { profileKeys, updateProfilePages } from './query-keys.ts';

/** PATCH /api/users/:userId/profile: changes some of name, username, quote, profileImageURL; answers the whole profile. */
export async function updateProfile({
  userId,
  changes,
}: {
  userId: string;
  changes: ProfileUpdateInput;
}): Promise<Profile> {
  const answer = await api.patch<ProfileUpdateResponse>(`/api/users/${encodeURIComponent(userId)}/profile`, changes);
  return answer.profile;
}

/**
 * Saves profile changes. The answer becomes the session's profile (top bar, menus) and the
 * person's cached public page; every other profile read (lists showing their name) is refreshed.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // A second try of a username change that landed would be refused as taken (by its own history).
    retry: false,
    onSuccess: async (profile) => {
      queryClient.setQueryData<Session>(sessionQueryKey, (session) =>
        session?.user && session.user.id === profile.uId ? { user: { ...session.user, profile } } : session,
      );
      updateProfilePages(queryClient, profile.uId, (page) => ({
        ...page,
        profile: {
          ...page.profile,
          username: profile.username,
          name: profile.name,
          quote: profile.quote,
          profileImageURL: profile.profileImageURL,
        },
      }));
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
