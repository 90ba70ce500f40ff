import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildSessionUser, json, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

/** A server with one session, signed in or not; sign-in with 'correct horse' works. */
function stubServer({ signedIn }: { signedIn: boolean }) {
  let user = signedIn ? buildSessionUser() : null;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    if (path === '/api/accounts/session') return json({ user });
    if (path === '/api/accounts/sign-in') {
      const body = JSON.parse(String(init?.body)) as { password: string };
      if (body.password !== 'correct horse') return new Promise<Response>(() => {});
      user = buildSessionUser();
      return json({ user });
    }
    if (path === '/api/accounts/sign-out') {
      user = null;
      return new Response(null, { status: 204 });
    }
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('/settings', () => {
  it('goes to /settings/profile, with the settings navigation', async () => {
    stubServer({ signedIn: true });
    const { router } = renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Profile', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/profile');
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Profile', 'Account', 'Notifications']);
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: 'Account' }));
    expect(await screen.findByRole('heading', { name: 'Change password', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com', { selector: 'span' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Notifications' }));
    expect(await screen.findByRole('region', { name: 'E-mail notifications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/notifications');
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
  });

  it('signed out, asks to sign in with the modal open, then shows the page once signed in', async () => {
    stubServer({ signedIn: false });
    const user = userEvent.setup();
    renderApp('/settings/notifications');

    const modal = await screen.findByRole('dialog', { name: 'Sign in to Townhall' });
    // Behind the open modal, so hidden from the accessibility tree for now.
    expect(screen.getByText('Sign in to see your settings')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { hidden: true })).not.toBeInTheDocument();

    await user.type(within(modal).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(modal).getByLabelText('Password'), 'correct horse');
    await user.click(within(modal).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('switch', { name: 'Weekly digest' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('signing out on the page shows the prompt without popping the modal up', async () => {
    stubServer({ signedIn: true });
    const user = userEvent.setup();
    renderApp('/settings/account');

    const sidebar = await screen.findByRole('complementary');
    await user.click(await within(sidebar).findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to see your settings' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to Townhall' })).toBeInTheDocument();
  });
});

describe("'Forgot password?'", () => {
  it('from the sign-in modal closes it and opens /forgot-password with the e-mail typed so far', async () => {
    stubServer({ signedIn: false });
    const user = userEvent.setup();
    const { router } = renderApp('/no-such-page');

    await user.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Sign in' }));
    const modal = await screen.findByRole('dialog', { name: 'Sign in to Townhall' });
    await user.type(within(modal).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(modal).getByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { name: 'Reset your password', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('sits beside the password label on /login', async () => {
    stubServer({ signedIn: false });
    renderApp('/login');

    const link = await within(await screen.findByRole('main')).findByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
  });
});

describe('/reset-password', () => {
  it('without a token says the link does not work and offers a new one', async () => {
    stubServer({ signedIn: false });
    renderApp('/reset-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link is invalid or has expired. Ask for a new one.');
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('after the new password is set says every session ended and links to sign in', async () => {
    const fetchMock = stubServer({ signedIn: false });
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path === '/api/accounts/session') return json({ user: null });
      if (path === '/api/accounts/password-reset/complete') return new Response(null, { status: 204 });
      return new Promise<Response>(() => {});
    });
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');

    await user.type(await screen.findByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('heading', { name: 'Password changed', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Every session of your account has ended');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
