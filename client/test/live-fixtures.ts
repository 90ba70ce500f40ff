import { act } from '@testing-library/react';
import { vi } from 'vitest';

import type { LiveClient, LiveEventListener, LiveSubscribeOptions } from '#client/lib/live-client.ts';
import type { LiveEvent } from '#shared/schemas/live.ts';

/**
 * A live client that opens no socket: tests see which topics a page watches and push events
 * into it with `emit`, as the server would.
 */
export function createFakeLiveClient() {
  const listeners = new Map<string, Set<LiveEventListener>>();
  const resyncs = new Map<string, Set<() => void>>();
  const subscribe = vi.fn((topic: string, onEvent: LiveEventListener, options?: LiveSubscribeOptions) => {
    const set = listeners.get(topic) ?? new Set<LiveEventListener>();
    set.add(onEvent);
    listeners.set(topic, set);
    const onResync = options?.onResync;
    const resyncSet = resyncs.get(topic) ?? new Set<() => void>();
    if (onResync) resyncSet.add(onResync);
    resyncs.set(topic, resyncSet);
    return () => {
      set.delete(onEvent);
      if (onResync) resyncSet.delete(onResync);
    };
  });
  const client: LiveClient = {
    subscribe,
    onStatus: () => () => {},
    getStatus: () => 'open',
    setPresence: vi.fn(),
    reconnect: () => {},
    close: () => {},
  };
  return {
    client,
    subscribe,
    /** Topics watched right now. */
    watched: () => [...listeners.entries()].filter(([, set]) => set.size > 0).map(([topic]) => topic),
    /** The channel came back after a drop: every listener of every watched topic reads again. */
    resync() {
      act(() => {
        for (const set of resyncs.values()) for (const onResync of set) onResync();
      });
    },
    /** Delivers an event to every listener of its topic. */
    emit(event: Omit<LiveEvent, 'ids'> & { ids?: LiveEvent['ids'] }) {
      act(() => {
        for (const listener of listeners.get(event.topic) ?? []) listener({ ids: {}, ...event });
      });
    },
  };
}
