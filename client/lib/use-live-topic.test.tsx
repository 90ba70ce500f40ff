import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { LiveClient, LiveEventListener, LiveSubscribeOptions } from '#client/lib/live-client.ts';
import { LiveClientContext, useLiveTopic } from '#client/lib/use-live-topic.ts';
import type { LiveEvent } from '#shared/schemas/live.ts';

function fakeLiveClient() {
  const listeners = new Map<string, LiveEventListener>();
  const resyncs = new Map<string, () => void>();
  const unsubscribe = vi.fn<(topic: string) => void>();
  const subscribe = vi.fn((topic: string, onEvent: LiveEventListener, options?: LiveSubscribeOptions) => {
    listeners.set(topic, onEvent);
    if (options?.onResync) resyncs.set(topic, options.onResync);
    return () => {
      listeners.delete(topic);
      unsubscribe(topic);
    };
  });
  const client: LiveClient = {
    subscribe,
    onStatus: () => () => {},
    getStatus: () => 'open',
    setPresence: () => {},
    reconnect: () => {},
    close: () => {},
  };
  const emit = (event: LiveEvent) => {
    listeners.get(event.topic)?.(event);
  };
  const resync = (topic: string) => resyncs.get(topic)?.();
  return { client, subscribe, emit, resync, unsubscribe };
}

function wrapperWith(client: LiveClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <LiveClientContext value={client}>{children}</LiveClientContext>;
  };
}

const answered: LiveEvent = {
  topic: 'group:1',
  event: 'question.answered',
  ids: { questionId: 3 },
};

describe('useLiveTopic', () => {
  it('subscribes while mounted and calls the latest handler without resubscribing', () => {
    const { client, subscribe, emit, unsubscribe } = fakeLiveClient();
    const first = vi.fn();
    const second = vi.fn();

    const { rerender, unmount } = renderHook(
      ({ onEvent }) => {
        useLiveTopic('group:1', onEvent);
      },
      {
        wrapper: wrapperWith(client),
        initialProps: { onEvent: first },
      },
    );
    rerender({ onEvent: second });
    emit(answered);

    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(answered);

    unmount();
    expect(unsubscribe).toHaveBeenCalledWith('group:1');
  });

  it('calls the latest onResync when the client says the topic may have missed events', () => {
    const { client, subscribe, resync } = fakeLiveClient();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(
      ({ onResync }) => {
        useLiveTopic('group:1', () => {}, onResync);
      },
      { wrapper: wrapperWith(client), initialProps: { onResync: first as (() => void) | undefined } },
    );
    rerender({ onResync: second });
    resync('group:1');
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    // none given: nothing happens
    rerender({ onResync: undefined });
    resync('group:1');
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('moves to a new topic and waits while the topic is null', () => {
    const { client, subscribe, unsubscribe } = fakeLiveClient();

    const { rerender } = renderHook(
      ({ topic }) => {
        useLiveTopic(topic, () => {});
      },
      {
        wrapper: wrapperWith(client),
        initialProps: { topic: null as string | null },
      },
    );
    expect(subscribe).not.toHaveBeenCalled();

    rerender({ topic: 'group:1' });
    rerender({ topic: 'group:2' });
    expect(unsubscribe).toHaveBeenCalledWith('group:1');
    expect(subscribe).toHaveBeenLastCalledWith('group:2', expect.any(Function), {
      onResync: expect.any(Function),
    });
  });

  it('explains a missing provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderHook(() => {
        useLiveTopic('group:1', () => {});
      }),
    ).toThrow(/AppProvider/);
  });
});
