import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { GOOGLE_SIGN_IN_ERRORS } from '#shared/constants/google-sign-in.ts';

import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { GoogleSignInError } from './google-sign-in-error.tsx';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

function renderButton(next?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <p>form</p>
      <GoogleSignInButton {...(next ? { next } : {})} />
    </QueryClientProvider>,
  );
}

describe('Continue with Google', () => {
  it('is not shown when the server has no Google sign-in', async () => {
    fetchMock.mockResolvedValue(json({ google: false }));
    renderButton();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/accounts/providers', expect.anything()));
    await screen.findByText('form');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('starts the sign-in with where to land, and shows why when it cannot', async () => {
    fetchMock.mockImplementation(async (path) =>
      path === '/api/accounts/providers'
        ? json({ google: true })
        : json(
            {
              error: {
                code: 'too_many_requests',
                message: 'Too many Google sign-in attempts from your network. Please try again in 4 minutes.',
              },
            },
            429,
          ),
    );
    renderButton('/groups');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many Google sign-in attempts from your network. Please try again in 4 minutes.',
    );
    const start = fetchMock.mock.calls.find(([path]) => path === '/api/accounts/google/start');
    expect(start?.[1]?.method).toBe('POST');
    expect(start?.[1]?.body).toBe(JSON.stringify({ next: '/groups' }));
  });
});

describe('a failed Google sign-in on /login', () => {
  it("shows the known code's message, and the general one for anything else", () => {
    const { rerender } = render(<GoogleSignInError code="account_not_linked" />);
    expect(screen.getByRole('alert')).toHaveTextContent(GOOGLE_SIGN_IN_ERRORS.account_not_linked);
    rerender(<GoogleSignInError code="Call 555-0100 to unlock your account" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Google sign-in failed. Please try again.');
    rerender(<GoogleSignInError code={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
