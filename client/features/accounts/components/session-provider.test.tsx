import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { sessionQueryKey } from '#client/features/accounts/api/get-session.ts';
import { useSignIn } from '#client/features/accounts/api/sign-in.ts';
import { useSignOut } from '#client/features/accounts/api/sign-out.ts';
import { SESSION_TIMEOUT_WARNING, useSession } from '#client/features/accounts/hooks/use-session.ts';
import type { LiveClient } from '#client/lib/live-client.ts';
import { LiveClientContext } from '#client/lib/use-live-topic.ts';
import { SESSION_LOADING_TIMEOUT_MS } from '#shared/constants/ui.ts';
import type { Profile } from '#shared/schemas/accounts.ts';

import { SessionProvider } from './session-provider.tsx';

const profile: Profile = {
  uId: 'user-1',
  email: 'ada@example.com',
  username: 'ada',
  usernameHistory: [],
  name: 'Ada Lovelace',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastTokenUpdate: '2025-01-01T00:00:00.000Z',
  followers: 0,
  following: 0,
  subscribing: 0,
  quote: '',
  profileImageURL: '',
  emailSettings: {
    welcome: true,
    passwordReset: true,
    newAnswers: true,
    newQuestions: true,
    newAMAs: true,
    newFollowers: true,
    weeklyDigest: false,
    productUpdates: false,
    unsubscribedAll: false,
  },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch whose answers the test hands out by path, one at a time. */
function stubFetch(answer: (path: string, init: RequestInit | undefined) => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => answer(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function never(): Promise<Response> {
  return new Promise<Response>(() => {});
}

/** Counts reconnects; nothing else of the live client is used by the session. */
function fakeLiveClient() {
  const reconnect = vi.fn();
  const client: LiveClient = {
    subscribe: () => () => {},
    onStatus: () => () => {},
    getStatus: () => 'closed',
    setPresence: () => {},
    reconnect,
    close: () => {},
  };
  return { client, reconnect };
}

function renderSession() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const live = fakeLiveClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <LiveClientContext value={live.client}>
        <SessionProvider>{children}</SessionProvider>
      </LiveClientContext>
    </QueryClientProvider>
  );
  const view = renderHook(() => ({ session: useSession(), signIn: useSignIn(), signOut: useSignOut() }), { wrapper });
  return { ...view, queryClient, liveReconnect: live.reconnect };
}

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session state', () => {
  it('starts loading with no user, and no e-mail verification asked', () => {
    stubFetch(never);

    const { result } = renderSession();

    expect(result.current.session).toEqual({ user: null, loading: true, needsEmailVerification: false });
  });

  it('with an account: the user is id, e-mail, profile and role, and loading ends', async () => {
    const fetchMock = stubFetch(() =>
      Promise.resolve(json({ user: { id: 'user-1', email: 'ada@example.com', profile, role: 'admin' } })),
    );

    const { result } = renderSession();

    await waitFor(() => expect(result.current.session.loading).toBe(false));
    expect(result.current.session).toEqual({
      user: { id: 'user-1', email: 'ada@example.com', profile, role: 'admin' },
      loading: false,
      needsEmailVerification: false,
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/accounts/session', expect.objectContaining({ method: 'GET' }));
    expect(warn).not.toHaveBeenCalled();
  });

  it('without an account: no user, and loading ends', async () => {
    stubFetch(() => Promise.resolve(json({ user: null })));

    const { result } = renderSession();

    await waitFor(() => expect(result.current.session.loading).toBe(false));
    expect(result.current.session).toEqual({ user: null, loading: false, needsEmailVerification: false });
  });

  it('ends loading on its own after 10 s without an answer, with the console warning', async () => {
    vi.useFakeTimers();
    stubFetch(never);

    const { result } = renderSession();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_LOADING_TIMEOUT_MS - 1));
    expect(result.current.session.loading).toBe(true);
    expect(warn).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.session).toEqual({ user: null, loading: false, needsEmailVerification: false });
    expect(warn).toHaveBeenCalledExactlyOnceWith(SESSION_TIMEOUT_WARNING);
    expect(SESSION_TIMEOUT_WARNING).toBe('Auth timeout reached, setting loading to false');
  });

  it('does not warn about the timeout when the answer came in time', async () => {
    vi.useFakeTimers();
    stubFetch(() => Promise.resolve(json({ user: null })));

    const { result } = renderSession();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_LOADING_TIMEOUT_MS * 2));

    expect(result.current.session.loading).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes an answer that arrives after the timeout', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));

    const { result } = renderSession();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_LOADING_TIMEOUT_MS));
    expect(result.current.session.loading).toBe(false);

    await act(async () => {
      answer(json({ user: { id: 'user-1', email: 'ada@example.com', profile } }));
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current.session.user?.profile?.username).toBe('ada');
    expect(result.current.session.needsEmailVerification).toBe(false);
  });

  it('falls back to id and e-mail with a null profile when the profile did not load, and logs it', async () => {
    stubFetch(() => Promise.resolve(json({ user: { id: 'user-1', email: 'ada@example.com', profile: null } })));

    const { result } = renderSession();

    await waitFor(() => expect(result.current.session.loading).toBe(false));
    expect(result.current.session.user).toEqual({
      id: 'user-1',
      email: 'ada@example.com',
      profile: null,
      role: 'user',
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Profile could not be loaded'), expect.anything());
  });

  it('falls back the same way when the profile cannot be read, and an absent e-mail is empty', async () => {
    stubFetch(() => Promise.resolve(json({ user: { id: 'user-1', profile: { uId: 'user-1', followers: 'many' } } })));

    const { result } = renderSession();

    await waitFor(() => expect(result.current.session.loading).toBe(false));
    // Without a role the person is an ordinary user; the server decides what admins may do anyway.
    expect(result.current.session.user).toEqual({ id: 'user-1', email: '', profile: null, role: 'user' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Profile could not be read'), expect.anything());
  });

  it('counts a failed session request as signed out, logged, and loading ends', async () => {
    stubFetch(() => Promise.resolve(json({ error: { code: 'internal', message: 'Internal Server Error' } }, 500)));

    const { result } = renderSession();

    await waitFor(() => expect(result.current.session.loading).toBe(false));
    expect(result.current.session.user).toBeNull();
    expect(warn).toHaveBeenCalledWith('The session could not be loaded', expect.anything());
  });
});

describe('sign-in and sign-out', () => {
  it('sign-in puts the person in the session and refreshes other queries', async () => {
    stubFetch((path, init) => {
      if (path === '/api/accounts/session') return Promise.resolve(json({ user: null }));
      if (path === '/api/accounts/sign-in') {
        expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
        return Promise.resolve(json({ user: { id: 'user-1', email: 'ada@example.com', profile } }));
      }
      return never();
    });
    const { result, queryClient, liveReconnect } = renderSession();
    await waitFor(() => expect(result.current.session.loading).toBe(false));
    queryClient.setQueryData(['subscriptions'], ['seen while signed out']);
    // Learning the session at start is not a change of person.
    expect(liveReconnect).not.toHaveBeenCalled();

    await act(() => result.current.signIn.mutateAsync({ email: 'ada@example.com', password: 'secret-pass' }));

    await waitFor(() => expect(result.current.session.user?.id).toBe('user-1'));
    // The live channel dials again so the server sees who is watching now.
    expect(liveReconnect).toHaveBeenCalledOnce();
    expect(queryClient.getQueryState(['subscriptions'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(sessionQueryKey)?.isInvalidated).toBe(false);
  });

  it("sign-in failure keeps the person signed out, is logged, and rethrows the server's message", async () => {
    stubFetch((path) =>
      Promise.resolve(
        path === '/api/accounts/session'
          ? json({ user: null })
          : json({ error: { code: 'invalid_credentials', message: 'Invalid email or password.' } }, 401),
      ),
    );
    const { result } = renderSession();
    await waitFor(() => expect(result.current.session.loading).toBe(false));

    await act(() =>
      expect(result.current.signIn.mutateAsync({ email: 'ada@example.com', password: 'wrong' })).rejects.toThrow(
        'Invalid email or password.',
      ),
    );

    expect(result.current.session.user).toBeNull();
    expect(warn).toHaveBeenCalledWith('Sign-in failed', expect.anything());
  });

  it('sign-out empties the session and drops what the signed-in person saw', async () => {
    stubFetch((path) => {
      if (path === '/api/accounts/session') {
        return Promise.resolve(json({ user: { id: 'user-1', email: 'ada@example.com', profile } }));
      }
      if (path === '/api/accounts/sign-out') return Promise.resolve(new Response(null, { status: 204 }));
      return never();
    });
    const { result, queryClient, liveReconnect } = renderSession();
    await waitFor(() => expect(result.current.session.user).not.toBeNull());
    queryClient.setQueryData(['subscriptions'], ['private to Ada']);

    await act(() => result.current.signOut.mutateAsync());

    await waitFor(() =>
      expect(result.current.session).toEqual({ user: null, loading: false, needsEmailVerification: false }),
    );
    expect(liveReconnect).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(['subscriptions'])).toBeUndefined();
  });
});
