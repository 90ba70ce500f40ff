import { use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { useSessionQuery } from '#client/features/accounts/api/get-session.ts';
import {
  deriveSessionState,
  SESSION_TIMEOUT_WARNING,
  SessionContext,
} from '#client/features/accounts/hooks/use-session.ts';
import { LiveClientContext } from '#client/lib/use-live-topic.ts';
import { SESSION_LOADING_TIMEOUT_MS } from '#shared/constants/ui.ts';

/**
 * Holds the session for the whole app: it starts loading with no user, takes
 * the server's answer (or its absence after SESSION_LOADING_TIMEOUT_MS), and follows sign-in and
 * sign-out through the session query.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const query = useSessionQuery();
  const [hasTimedOut, setHasTimedOut] = useState(false);
  // Pending means no answer and no final failure yet; retries of a failing request stay pending.
  const isWaiting = query.isPending;

  useEffect(() => {
    if (!isWaiting) return;
    const timer = setTimeout(() => {
      console.warn(SESSION_TIMEOUT_WARNING);
      setHasTimedOut(true);
    }, SESSION_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isWaiting]);

  const { error } = query;
  useEffect(() => {
    // A failure to learn the session is logged, and the person counts as signed out.
    if (error) console.warn('The session could not be loaded', error);
  }, [error]);

  const user = query.data?.user ?? null;

  // The live channel learns who is watching at its handshake: when the person changes (sign-in,
  // sign-out, another account), it dials again so the server sees the new one.
  const liveClient = use(LiveClientContext);
  const userId = query.isSuccess ? (user?.id ?? null) : undefined;
  const watchedUserId = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    const previous = watchedUserId.current;
    watchedUserId.current = userId;
    if (previous !== undefined && previous !== userId) liveClient?.reconnect();
  }, [userId, liveClient]);

  const value = useMemo(() => deriveSessionState({ user, isWaiting, hasTimedOut }), [user, isWaiting, hasTimedOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}
