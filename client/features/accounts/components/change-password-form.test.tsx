import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { apiError } from '#client/test/account-fixtures.ts';

import { ChangePasswordForm } from './change-password-form.tsx';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchMock);
});

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ChangePasswordForm />
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    current: screen.getByLabelText('Current password'),
    next: screen.getByLabelText('New password'),
    confirm: screen.getByLabelText('Confirm new password'),
    submit: screen.getByRole('button', { name: 'Change password' }),
  };
}

const changeCalls = () => fetchMock.mock.calls.filter(([path]) => path === '/api/accounts/change-password');

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  fields: { current: HTMLElement; next: HTMLElement; confirm: HTMLElement },
  values: [string, string, string],
) {
  await user.type(fields.current, values[0]);
  await user.type(fields.next, values[1]);
  await user.type(fields.confirm, values[2]);
}

describe('change-password form', () => {
  it('has the right autocomplete hints', () => {
    const { current, next, confirm } = renderForm();
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(next).toHaveAttribute('autocomplete', 'new-password');
    expect(confirm).toHaveAttribute('autocomplete', 'new-password');
  });

  it("checks every field before sending, with the spec's words for a short password", async () => {
    const { user, current, next, confirm, submit } = renderForm();

    await user.type(next, '12345');
    await user.click(submit);

    expect(current).toHaveAccessibleDescription('Enter your current password');
    expect(next).toHaveAccessibleDescription(expect.stringContaining('Password should be at least 6 characters'));
    expect(confirm).toHaveAccessibleDescription('The passwords do not match');
    expect(current).toHaveFocus();
    expect(changeCalls()).toHaveLength(0);
  });

  it.each([
    ['wrong_password', 'Current password is incorrect'],
    ['weak_password', 'Password should be at least 6 characters'],
    ['unauthenticated', 'No user is currently signed in'],
    ['change_password_failed', 'Failed to change password. Please try again.'],
  ])("shows the server's message for %s exactly", async (code, message) => {
    fetchMock.mockResolvedValue(apiError(code === 'unauthenticated' ? 401 : 400, code, message));
    const fields = renderForm();

    await fill(fields.user, fields, ['old password', 'new password', 'new password']);
    await fields.user.click(fields.submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(JSON.parse(String(changeCalls()[0]?.[1]?.body))).toEqual({
      currentPassword: 'old password',
      newPassword: 'new password',
    });
    if (code === 'wrong_password') await waitFor(() => expect(fields.current).toHaveFocus());
    expect(fields.next).toHaveValue('new password');
  });

  it('on success empties the form, says other sessions were signed out, and toasts', async () => {
    const success = vi.spyOn(toast, 'success');
    const fields = renderForm();

    await fill(fields.user, fields, ['old password', 'new password', 'new password']);
    await fields.user.click(fields.submit);

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Password changed');
    expect(note).toHaveTextContent('You were signed out everywhere else; this browser stays signed in.');
    expect(success).toHaveBeenCalledWith('Password changed', {
      description: 'You were signed out everywhere else; this browser stays signed in.',
    });
    expect(fields.current).toHaveValue('');
    expect(fields.next).toHaveValue('');
    expect(fields.confirm).toHaveValue('');
    expect(fields.current).not.toHaveAttribute('aria-invalid');
  });
});
