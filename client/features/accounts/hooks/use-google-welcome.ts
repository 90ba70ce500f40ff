import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { sendWelcome } from '#client/features/accounts/api/send-welcome.ts';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { GOOGLE_WELCOME_PARAM, GOOGLE_WELCOME_VALUE } from '#shared/constants/google-sign-in.ts';

/**
 * After a new Google sign-up the server lands the person on their page with `?welcome=google`.
 * Once the session is known, this sends the welcome call (fire-and-forget) and takes the mark
 * off the address, so a reload or a shared link does not send it again (the server would
 * not e-mail twice anyway).
 */
export function useGoogleWelcome() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { user, loading } = useSession();
  const isDue = searchParams.get(GOOGLE_WELCOME_PARAM) === GOOGLE_WELCOME_VALUE;
  const hasSent = useRef(false);

  useEffect(() => {
    if (!isDue || loading) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(GOOGLE_WELCOME_PARAM);
        return next;
      },
      { replace: true },
    );
    if (!user?.profile || hasSent.current) return;
    hasSent.current = true;
    void sendWelcome({ userEmail: user.email, userName: user.profile.name, username: user.profile.username });
  }, [isDue, loading, user, setSearchParams]);
}
