import { createContext, use, useEffect, useEffectEvent } from 'react';

import type { LiveClient, LiveEventListener } from '#client/lib/live-client.ts';

/** The app-wide live client; AppProvider supplies it. */
export const LiveClientContext = createContext<LiveClient | null>(null);

/** The app-wide live client from the nearest AppProvider. */
export function useLiveClient(): LiveClient {
  const client = use(LiveClientContext);
  if (!client) throw new Error('useLiveClient needs an AppProvider (LiveClientContext) above it');
  return client;
}

/**
 * Calls `onEvent` for each live event of `topic` while the component is mounted.
 * Pass `null` while the topic is not known yet, for example before an id has loaded.
 */
export function useLiveTopic(topic: string | null, onEvent: LiveEventListener): void {
  const client = useLiveClient();
  // The latest onEvent is called without resubscribing each time the component renders a new one.
  const handleEvent = useEffectEvent(onEvent);

  useEffect(() => {
    if (topic === null) return;
    return client.subscribe(topic, (event) => {
      handleEvent(event);
    });
  }, [client, topic]);
}
