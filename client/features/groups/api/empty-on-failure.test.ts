import { afterEach, describe, expect, it, vi } from 'vitest';

import { emptyOnFailure } from './empty-on-failure.ts';
import { getGroupSubscribers } from './get-subscribers.ts';
import { getMySubscriptions } from './get-my-subscriptions.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function failWith(status: number) {
  const fetchMock = vi.fn(async () =>
    Response.json({ error: { code: 'internal', message: 'Something went wrong.' } }, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('reads of subscriptions answer empty results on failure', () => {
  it('the subscribers list', async () => {
    const fetchMock = failWith(500);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(getGroupSubscribers({ groupId: 'group-1', cursor: null })).resolves.toEqual({
      subscribers: [],
      nextCursor: null,
    });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('my subscriptions', async () => {
    failWith(503);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(getMySubscriptions({ cursor: 'abc' })).resolves.toEqual({ subscriptions: [], nextCursor: null });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('passes answers through and still rejects a cancelled read', async () => {
    await expect(emptyOnFailure(Promise.resolve([1]), [], 'x')).resolves.toEqual([1]);
    const controller = new AbortController();
    controller.abort();
    await expect(emptyOnFailure(Promise.reject(new Error('aborted')), [], 'x', controller.signal)).rejects.toThrow(
      'aborted',
    );
  });
});
