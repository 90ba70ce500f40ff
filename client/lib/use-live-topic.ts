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
 *
 * `onResync` reads again what the topic's events would have changed: the live client calls it
 * when the topic is watched again after its events may have been lost (the channel dropped, a
 * server restarted), not after a first connection that simply opens.
 */
export function useLiveTopic(topic: string | null, onEvent: LiveEventListener, onResync?: () => void): void {
  const client = useLiveClient();
  // The latest callbacks are called without resubscribing each time the component renders new ones.
  const handleEvent = useEffectEvent(onEvent);
  const handleResync = useEffectEvent(() => onResync?.());

  useEffect(() => {
    if (topic === null) return;
    return client.subscribe(
      topic,
      (event) => {
        handleEvent(event);
      },
      {
        onResync: () => {
          handleResync();
        },
      },
    );
  }, [client, topic]);
}
