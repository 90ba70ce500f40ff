import { useEffect } from 'react';

import { useLiveClient } from '#client/lib/use-live-topic.ts';

/**
 * Tells the server whether this session page is in front of its person: online while it is
 * shown, away while hidden. Being counted as watching needs nothing more than the page's live
 * connection watching `session:{id}` (useSessionLiveUpdates); the server counts its own sockets.
 */
export function useSessionPresence(sessionId: string | null): void {
  const liveClient = useLiveClient();
  useEffect(() => {
    if (sessionId === null) return;
    const report = () => liveClient.setPresence(document.visibilityState === 'hidden' ? 'away' : 'online');
    report();
    document.addEventListener('visibilitychange', report);
    return () => {
      document.removeEventListener('visibilitychange', report);
    };
  }, [liveClient, sessionId]);
}
