import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { EmailSettings } from '#shared/constants/accounts.ts';

import { sessionQueryKey, type Session } from './get-session.ts';

/** Answer of the e-mail settings route: all nine flags after the change. */
type EmailSettingsAnswer = { emailSettings: EmailSettings };

/** What to change: some of the nine flags. */
export type EmailSettingsChange = Partial<EmailSettings>;

/** PATCH /api/users/:userId/email-settings: changes some flags (the owner only); answers all nine. */
export async function updateEmailSettings({
  userId,
  changes,
}: {
  userId: string;
  changes: EmailSettingsChange;
}): Promise<EmailSettings> {
  const answer = await api.patch<EmailSettingsAnswer>(
    `/api/users/${encodeURIComponent(userId)}/email-settings`,
    changes,
  );
  return answer.emailSettings;
}

/** The session with the profile's e-mail settings replaced (unchanged when there is no profile). */
function withEmailSettings(
  session: Session | undefined,
  update: (current: EmailSettings) => EmailSettings,
): Session | undefined {
  const profile = session?.user?.profile;
  if (!session?.user || !profile) return session;
  return { user: { ...session.user, profile: { ...profile, emailSettings: update(profile.emailSettings) } } };
}

/**
 * Changes e-mail settings optimistically: the session's profile (where the settings live) shows
 * the change at once; a failure puts back only the flags this change touched, and only where no
 * later change has moved them since, so quick toggles of other switches survive it.
 */
export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailSettings,
    // A flag set twice lands the same, but a rollback racing a retry would flicker; one try.
    retry: false,
    onMutate: async ({ changes }) => {
      // A session answer in flight would otherwise land after this and undo the change on screen.
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      const before = queryClient.getQueryData<Session>(sessionQueryKey)?.user?.profile?.emailSettings;
      queryClient.setQueryData<Session>(sessionQueryKey, (session) =>
        withEmailSettings(session, (current) => ({ ...current, ...changes })),
      );
      return { before };
    },
    onError: (_error, { changes }, context) => {
      const before = context?.before;
      if (!before) return;
      queryClient.setQueryData<Session>(sessionQueryKey, (session) =>
        withEmailSettings(session, (current) => {
          const restored = { ...current };
          for (const key of Object.keys(changes) as (keyof EmailSettings)[]) {
            if (current[key] === changes[key]) restored[key] = before[key];
          }
          return restored;
        }),
      );
    },
    onSuccess: (saved, { changes }) => {
      // The server's answer for the flags of this change; the others may have newer changes on the way.
      queryClient.setQueryData<Session>(sessionQueryKey, (session) =>
        withEmailSettings(session, (current) => {
          const next = { ...current };
          for (const key of Object.keys(changes) as (keyof EmailSettings)[]) next[key] = saved[key];
          return next;
        }),
      );
    },
  });
}
