import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '#client/app/query-client.ts';
import { sessionQueryKey, type Session } from '#client/features/accounts/api/get-session.ts';

import { useMySubscriptions } from './get-my-subscriptions.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useMySubscriptions', () => {
  it('never asks the server while the cached session is signed out (a reset after sign-out refetches it)', async () => {
    const fetchMock = vi.fn(async () => Response.json({ subscriptions: [], nextCursor: null }));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    queryClient.setQueryData<Session>(sessionQueryKey, { user: null });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );

    const { result } = renderHook(() => useMySubscriptions({ enabled: true }), { wrapper });
    await waitFor(() => expect(result.current.data?.pages[0]).toEqual({ subscriptions: [], nextCursor: null }));
    await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
