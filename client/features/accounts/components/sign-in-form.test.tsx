import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { SignInForm } from './sign-in-form.tsx';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchMock);
});

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <SignInForm /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('sign-in form', () => {
  it("says the server's 'Please enter a valid email address.' for an address with an @ that is not one, and sends nothing", async () => {
    const { user, email, password, submit } = renderForm();

    await user.type(email, 'ada@example');
    await user.type(password, 'correct horse');
    await user.click(submit);

    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(email).toHaveFocus();
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/accounts/sign-in')).toBe(false);

    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(submit);
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/accounts/sign-in')).toBe(true);
  });
});
