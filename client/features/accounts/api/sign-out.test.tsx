import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '#client/app/query-client.ts';
import { buildProfile, buildSessionUser } from '#client/test/account-fixtures.ts';

import { hasSignedInSession, sessionQueryKey, type Session } from './get-session.ts';
import { useSignOut } from './sign-out.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useSignOut', () => {
  it("stops the person's own queries before the session ends, and empties the session after", async () => {
    let finishSignOut: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(
      async (input: RequestInfo | URL) =>
        String(input) === '/api/accounts/sign-out'
          ? new Promise<Response>((resolve) => {
              finishSignOut = resolve;
            })
          : new Promise<Response>(() => {}), // a query of the person's, still waiting for its answer
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    queryClient.setQueryData<Session>(sessionQueryKey, { user: { ...buildSessionUser(buildProfile()), role: 'user' } });
    let signal: AbortSignal | undefined;
    const pending = queryClient
      .fetchQuery({
        queryKey: ['notifications', 'unread-count'],
        queryFn: async (context) => {
          signal = context.signal;
          return fetch('/api/notifications/unread-count', { signal: context.signal });
        },
      })
      .catch((error: unknown) => error);
    expect(hasSignedInSession(queryClient)).toBe(true);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSignOut(), { wrapper });

    act(() => {
      result.current.mutate();
    });
    // while the sign-out is on its way: nobody asks as the person any more, and what was asking is called off
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/accounts/sign-out', expect.anything()));
    expect(hasSignedInSession(queryClient)).toBe(false);
    expect(signal?.aborted).toBe(true);
    expect(await pending).toMatchObject({ message: 'CancelledError' });

    finishSignOut(new Response(null, { status: 204 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData<Session>(sessionQueryKey)).toEqual({ user: null });
    expect(hasSignedInSession(queryClient)).toBe(false);
  });
});
