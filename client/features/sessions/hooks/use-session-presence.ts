import { useEffect } from 'react';

import { SESSION_LIMITS } from '#shared/constants/session-messages.ts';
import type { PresenceStatus } from '#shared/schemas/sessions.ts';

import { leavePresence, sendPresence } from '../api/presence.ts';

/** A random id for this open page (one per tab and visit). */
function newConnectionId(): string {
  return `c${crypto.randomUUID().replaceAll('-', '')}`;
}

/**
 * Tells the server this session page is open: a heartbeat every 20 s and whenever the page is
 * shown or hidden (online or away), and a last word when it closes.
 */
export function useSessionPresence(sessionId: string | null): void {
  useEffect(() => {
    if (sessionId === null) return;
    const connectionId = newConnectionId();
    const status = (): PresenceStatus => (document.visibilityState === 'hidden' ? 'away' : 'online');
    const beat = () => {
      sendPresence(sessionId, connectionId, status()).catch(() => undefined);
    };
    const leave = () => leavePresence(sessionId, connectionId);
    beat();
    const timer = window.setInterval(beat, SESSION_LIMITS.presenceHeartbeatSeconds * 1000);
    document.addEventListener('visibilitychange', beat);
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [sessionId]);
}
