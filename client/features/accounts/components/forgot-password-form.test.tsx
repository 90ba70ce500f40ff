import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { apiError } from '#client/test/account-fixtures.ts';

import { ForgotPasswordForm } from './forgot-password-form.tsx';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchMock);
});

function renderForm(defaultEmail?: string) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ForgotPasswordForm defaultEmail={defaultEmail} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), email: screen.getByLabelText('Email') };
}

const resetCalls = () => fetchMock.mock.calls.filter(([path]) => path === '/api/accounts/password-reset');

describe('forgot-password form', () => {
  it('starts with the e-mail handed over from the sign-in form', () => {
    const { email } = renderForm('ada@example.com');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('autocomplete', 'email');
  });

  it('asks for a valid e-mail before sending, and sends nothing until then', async () => {
    const { user, email } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Valid email is required'));
    expect(email).toHaveFocus();

    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(resetCalls()).toHaveLength(0);
  });

  it('says the same neutral thing once sent, whether or not the account exists', async () => {
    const { user, email } = renderForm();

    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Check your e-mail');
    expect(confirmation).toHaveTextContent(
      'If ada@example.com belongs to a Townhall account, a link to choose a new password is on its way.',
    );
    expect(resetCalls()).toHaveLength(1);
    expect(JSON.parse(String(resetCalls()[0]?.[1]?.body))).toEqual({ email: 'ada@example.com' });

    // Another link can be asked for from here.
    await user.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it("shows the server's rate-limit message and keeps the form", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(
      apiError(429, 'rate_limited', 'Too many reset e-mails asked for this address. Please try again in 12 minutes.', {
        'Retry-After': '720',
      }),
    );
    const { user, email } = renderForm();

    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reset e-mails asked for this address. Please try again in 12 minutes.',
    );
    expect(screen.queryByText('Check your e-mail')).not.toBeInTheDocument();
    expect(email).toHaveValue('ada@example.com');
  });
});
