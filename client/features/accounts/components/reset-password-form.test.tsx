import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { sessionQueryKey } from '#client/features/accounts/api/get-session.ts';
import { apiError, buildSessionUser } from '#client/test/account-fixtures.ts';

import { ResetPasswordForm } from './reset-password-form.tsx';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchMock);
});

function renderForm(onSuccess = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, { user: buildSessionUser() });
  const router = createMemoryRouter(
    [{ path: '*', element: <ResetPasswordForm token="the-token" onSuccess={onSuccess} /> }],
    { initialEntries: ['/reset-password?token=the-token'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    password: screen.getByLabelText('New password'),
    confirm: screen.getByLabelText('Confirm new password'),
    submit: screen.getByRole('button', { name: 'Set new password' }),
    onSuccess,
    queryClient,
  };
}

const completeCalls = () => fetchMock.mock.calls.filter(([path]) => path === '/api/accounts/password-reset/complete');

describe('reset-password form', () => {
  it('has two new-password fields', () => {
    const { password, confirm } = renderForm();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(confirm).toHaveAttribute('autocomplete', 'new-password');
  });

  it('checks the minimum and the confirmation before sending', async () => {
    const { user, password, confirm, submit } = renderForm();

    await user.type(password, '12345');
    await user.click(submit);
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Password should be at least 6 characters'));
    expect(confirm).toHaveAccessibleDescription('The passwords do not match');
    expect(password).toHaveFocus();

    await user.type(password, '6');
    expect(password).not.toHaveAttribute('aria-invalid');
    await user.type(confirm, '123457');
    await user.click(submit);
    expect(confirm).toHaveAccessibleDescription('The passwords do not match');
    expect(confirm).toHaveFocus();
    expect(completeCalls()).toHaveLength(0);
  });

  it('sends token and password, then hands on and signs this browser out', async () => {
    const { user, password, confirm, submit, onSuccess, queryClient } = renderForm();

    await user.type(password, 'a new password');
    await user.type(confirm, 'a new password');
    await user.click(submit);

    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(JSON.parse(String(completeCalls()[0]?.[1]?.body))).toEqual({
      token: 'the-token',
      newPassword: 'a new password',
    });
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: null });
  });

  it('says a used or expired link does not work and links to ask for a new one', async () => {
    fetchMock.mockResolvedValue(
      apiError(400, 'invalid_reset_link', 'This reset link is invalid or has expired. Ask for a new one.'),
    );
    const { user, password, confirm, submit, onSuccess } = renderForm();

    await user.type(password, 'a new password');
    await user.type(confirm, 'a new password');
    await user.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link is invalid or has expired. Ask for a new one.');
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows the server's other refusals without the new-link offer", async () => {
    fetchMock.mockResolvedValue(apiError(400, 'common_password', 'This password is too common'));
    const { user, password, confirm, submit } = renderForm();

    await user.type(password, 'password');
    await user.type(confirm, 'password');
    await user.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password is too common');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });
});
