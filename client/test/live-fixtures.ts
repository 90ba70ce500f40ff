import { act } from '@testing-library/react';
import { vi } from 'vitest';

import type { LiveClient, LiveEventListener } from '#client/lib/live-client.ts';
import type { LiveEvent } from '#shared/schemas/live.ts';

/**
 * A live client that opens no socket: tests see which topics a page watches and push events
 * into it with `emit`, as the server would.
 */
export function createFakeLiveClient() {
  const listeners = new Map<string, Set<LiveEventListener>>();
  const subscribe = vi.fn((topic: string, onEvent: LiveEventListener) => {
    const set = listeners.get(topic) ?? new Set<LiveEventListener>();
    set.add(onEvent);
    listeners.set(topic, set);
    return () => {
      set.delete(onEvent);
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
    /** Delivers an event to every listener of its topic. */
    emit(event: Omit<LiveEvent, 'ids'> & { ids?: LiveEvent['ids'] }) {
      act(() => {
        for (const listener of listeners.get(event.topic) ?? []) listener({ ids: {}, ...event });
      });
    },
  };
}
