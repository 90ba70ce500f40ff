import type { SessionUser } from '#shared/schemas/accounts.ts';

/** How the signed-in person is shown: name, @username (when the profile loaded) and picture. */
export type PersonDisplay = { name: string; username: string | null; imageUrl: string | null };

/** Name, username and picture of the signed-in person; without a profile, the e-mail stands in. */
export function personDisplay(user: SessionUser): PersonDisplay {
  const profile = user.profile;
  return {
    name: profile?.name.trim() || profile?.username || user.email || 'Your account',
    username: profile?.username || null,
    imageUrl: profile?.profileImageURL || null,
  };
}
