import { createContext, use } from 'react';

import type { SessionUser } from '#shared/schemas/accounts.ts';

/** The session: loading, the account and its profile, if any. */
export type SessionState = {
  /** The signed-in person (account id and e-mail, and the profile or null), or null. */
  user: SessionUser | null;
  /** True from the start until the session answers, fails, or the 10 s timeout passes. */
  loading: boolean;
  /** False whenever an account is present, and never set true. */
  needsEmailVerification: boolean;
};

/** Logged when the session has not answered in SESSION_LOADING_TIMEOUT_MS. */
export const SESSION_TIMEOUT_WARNING = 'Auth timeout reached, setting loading to false';

/** The spec's rules: loading until an answer, an error or the timeout; needsEmailVerification never true. */
export function deriveSessionState({
  user,
  isWaiting,
  hasTimedOut,
}: {
  user: SessionUser | null;
  /** No answer (and no failure) yet. */
  isWaiting: boolean;
  hasTimedOut: boolean;
}): SessionState {
  return { user, loading: isWaiting && !hasTimedOut, needsEmailVerification: false };
}

export const SessionContext = createContext<SessionState | null>(null);

/** Who is signed in, and whether that is still being found out. Needs the SessionProvider. */
export function useSession(): SessionState {
  const state = use(SessionContext);
  if (!state) throw new Error('useSession needs a SessionProvider');
  return state;
}
