import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { SignUpForm } from './sign-up-form.tsx';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

function renderForm(onSuccess = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SignUpForm onSuccess={onSuccess} />
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    email: screen.getByLabelText('Email'),
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign up' }),
    onSuccess,
    queryClient,
  };
}

function signUpCalls() {
  return fetchMock.mock.calls.filter(([path]) => path === '/api/accounts/sign-up');
}

describe('sign-up form', () => {
  it('has the labelled fields with their autocomplete hints', () => {
    const { email, username, password } = renderForm();

    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
  });

  it('says nothing before a field is left', async () => {
    const { user, username } = renderForm();

    await user.type(username, 'a');

    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it('checks each field when it is left, with the shared rules, and updates as it is fixed', async () => {
    const { user, email, username, password } = renderForm();

    await user.click(email);
    await user.tab();
    expect(email).toHaveAccessibleDescription('Valid email is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.type(username, 'ab');
    await user.tab();
    expect(username).toHaveAccessibleDescription(expect.stringContaining('Username must be at least 3 characters'));

    await user.clear(username);
    await user.type(username, 'ada lovelace');
    expect(username).toHaveAccessibleDescription(
      expect.stringContaining('Username can only contain letters, numbers, underscores, and hyphens'),
    );

    await user.clear(username);
    await user.type(username, 'admin');
    expect(username).toHaveAccessibleDescription(expect.stringContaining('This username is not available'));

    await user.type(password, '12345');
    await user.tab();
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Password should be at least 6 characters.'));

    await user.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Valid email is required')).not.toBeInTheDocument();
  });

  it('on submit shows every failing check, focuses the first, and does not call the server', async () => {
    const { user, email, username, submit } = renderForm();

    await user.type(username, 'ab');
    await user.click(submit);

    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password should be at least 6 characters.')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(signUpCalls()).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    const { user, password } = renderForm();
    const toggle = screen.getByRole('button', { name: 'Show password' });

    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
  });

  it("sends the form, is busy meanwhile, then shows the server's message and keeps the values", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, email, username, password, submit, onSuccess } = renderForm();

    await user.type(email, 'ada@example.com');
    await user.type(username, 'ada');
    await user.type(password, 'correct horse');
    await user.click(submit);

    expect(signUpCalls()).toHaveLength(1);
    expect(JSON.parse(String(signUpCalls()[0]?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      username: 'ada',
      password: 'correct horse',
    });
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit).toBeDisabled();

    answer(json({ error: { code: 'sign_up_refused', message: 'This username is already taken' } }, 400));

    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken');
    expect(submit).not.toBeDisabled();
    expect(email).toHaveValue('ada@example.com');
    expect(username).toHaveValue('ada');
    expect(password).toHaveValue('correct horse');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows 'Please enter a valid email address.' under the e-mail, and the server's same sentence if it still says so", async () => {
    const { user, email, username, password, submit } = renderForm();

    await user.type(email, 'ada@example');
    await user.tab();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    await user.type(username, 'ada');
    await user.type(password, 'correct horse');
    await user.click(submit);
    expect(signUpCalls()).toHaveLength(0);
    expect(email).toHaveFocus();

    fetchMock.mockImplementation(() =>
      Promise.resolve(
        json(
          {
            error: {
              code: 'invalid_email',
              message: 'Please enter a valid email address.',
              fields: { email: 'Please enter a valid email address.' },
            },
          },
          400,
        ),
      ),
    );
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please enter a valid email address\.$/);
  });

  it('hands the new session on after a successful sign-up', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json({ user: { id: 'user-1', email: 'ada@example.com', profile: null } }, 201)),
    );
    const { user, email, username, password, submit, onSuccess } = renderForm();

    await user.type(email, 'ada@example.com');
    await user.type(username, 'ada');
    await user.type(password, 'correct horse');
    await user.click(submit);

    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(onSuccess).toHaveBeenCalledWith({
      user: { id: 'user-1', email: 'ada@example.com', profile: null, role: 'user' },
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's early answer on leaving the username, and forgets it when the username changes", async () => {
    fetchMock.mockImplementation((input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/accounts/availability') {
        const taken = url.searchParams.get('username') === 'taken_name';
        return Promise.resolve(json({ username: taken ? 'This username is already taken' : null }));
      }
      return new Promise<Response>(() => {});
    });
    const { user, username, password } = renderForm();

    await user.type(username, 'taken_name');
    await user.click(password);
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');

    await user.clear(username);
    await user.type(username, 'free_name');
    expect(screen.queryByText('This username is already taken')).not.toBeInTheDocument();
    await user.click(password);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain(
        '/api/accounts/availability?username=free_name',
      ),
    );
    expect(screen.queryByText('This username is already taken')).not.toBeInTheDocument();
  });

  it('does not ask the server about a username its own rules already refuse', async () => {
    const { user, username, password } = renderForm();

    await user.type(username, 'ab');
    await user.click(password);

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([path]) => String(path).startsWith('/api/accounts/availability'))).toEqual([]);
  });
});
