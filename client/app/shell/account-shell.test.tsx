import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';

import { LoginRoute } from '#client/routes/login.tsx';
import { LogoutRoute } from '#client/routes/logout.tsx';
import { renderApp } from '#client/test/render-app.tsx';
import type { Profile } from '#shared/schemas/accounts.ts';

import { AppShell } from './app-shell.tsx';

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
const ada = { id: 'user-1', email: 'ada@example.com', profile };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// The shell with light pages, so these tests are about the account parts only.
const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <h1>Home page</h1> },
      { path: 'elsewhere', element: <h1>Elsewhere</h1> },
      { path: 'settings', element: <h1>Settings page</h1> },
      { path: 'admin', element: <h1>Admin page</h1> },
      { path: 'login', Component: LoginRoute },
      { path: 'logout', Component: LogoutRoute },
    ],
  },
];

/** A server with one session: signed in or not, changed by sign-in and sign-out. */
function stubServer({ signedIn, role = 'user' }: { signedIn: boolean; role?: 'user' | 'admin' }) {
  let user: (typeof ada & { role: string }) | null = signedIn ? { ...ada, role } : null;
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const path = String(input);
    if (path === '/api/accounts/session') return Promise.resolve(json({ user }));
    if (path === '/api/accounts/sign-out') {
      user = null;
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    if (path === '/api/accounts/sign-in') {
      const body = JSON.parse(String(init?.body)) as { password: string };
      if (body.password !== 'correct horse') {
        return Promise.resolve(
          json({ error: { code: 'invalid_credentials', message: 'Invalid email or password.' } }, 401),
        );
      }
      user = { ...ada, role };
      return Promise.resolve(json({ user }));
    }
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  // Radix's menus measure with ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  // Sonner keeps its toasts in module state; each test starts without the last one's.
  act(() => {
    toast.dismiss();
  });
});

describe('the shell, signed in', () => {
  it('shows the avatar menu with name and @username, and Log out signs out with a toast', async () => {
    const fetchMock = stubServer({ signedIn: true });
    const user = userEvent.setup();
    renderApp('/elsewhere', { routes });

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('@ada')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/accounts/sign-out', expect.objectContaining({ method: 'POST' }));
  });

  it("shows the sidebar's profile block with Log out", async () => {
    stubServer({ signedIn: true });
    const user = userEvent.setup();
    renderApp('/elsewhere', { routes });

    const sidebar = await screen.findByRole('complementary');
    await within(sidebar).findByText('ada@example.com');
    expect(within(sidebar).getByText('Ada Lovelace')).toBeInTheDocument();

    expect(screen.queryByText('Signed out')).not.toBeInTheDocument();
    await user.click(within(sidebar).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    await waitFor(() => expect(within(sidebar).queryByText('ada@example.com')).not.toBeInTheDocument());
  });

  it("the profile block's Settings button goes to /settings", async () => {
    stubServer({ signedIn: true });
    const user = userEvent.setup();
    const { router } = renderApp('/elsewhere', { routes });

    const sidebar = await screen.findByRole('complementary');
    await user.click(await within(sidebar).findByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it("the avatar menu's Settings goes to /settings", async () => {
    stubServer({ signedIn: true });
    const user = userEvent.setup();
    const { router } = renderApp('/elsewhere', { routes });

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('the avatar menu offers Administration to administrators only', async () => {
    stubServer({ signedIn: true, role: 'admin' });
    const user = userEvent.setup();
    const { router } = renderApp('/elsewhere', { routes });

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Administration' }));
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('the avatar menu of a member has no Administration', async () => {
    stubServer({ signedIn: true });
    const user = userEvent.setup();
    renderApp('/elsewhere', { routes });

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('/logout signs out and goes home', async () => {
    const fetchMock = stubServer({ signedIn: true });
    const { router } = renderApp('/logout', { routes });

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/accounts/sign-out')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('the shell, signed out', () => {
  it('the sign-in modal signs in, closes and says so', async () => {
    stubServer({ signedIn: false });
    const user = userEvent.setup();
    renderApp('/elsewhere', { routes });

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const modal = await screen.findByRole('dialog', { name: 'Sign in to Townhall' });
    expect(within(modal).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?next=%2Felsewhere',
    );
    expect(within(modal).queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();

    await user.type(within(modal).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(modal).getByLabelText('Password'), 'wrong password');
    await user.click(within(modal).getByRole('button', { name: 'Sign in' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(within(modal).getByLabelText('Email')).toHaveValue('ada@example.com');

    await user.clear(within(modal).getByLabelText('Password'));
    await user.type(within(modal).getByLabelText('Password'), 'correct horse');
    await user.click(within(modal).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('/login goes to a same-site next after signing in', async () => {
    stubServer({ signedIn: false });
    const user = userEvent.setup();
    const { router } = renderApp('/login?next=/elsewhere', { routes });

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('/login goes home when next points at another site', async () => {
    stubServer({ signedIn: false });
    const user = userEvent.setup();
    const { router } = renderApp('/login?next=//evil.example/', { routes });

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/login checks empty fields before asking the server', async () => {
    const fetchMock = stubServer({ signedIn: false });
    const user = userEvent.setup();
    renderApp('/login', { routes });

    await user.click(await within(await screen.findByRole('main')).findByRole('button', { name: 'Sign in' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Valid email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/accounts/sign-in')).toBe(false);
  });
});
