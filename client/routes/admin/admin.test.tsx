import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { apiError, buildSessionUser, json, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { AdminUser } from '#shared/schemas/admin-console.ts';

function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'user-2',
    name: 'Bob Builder',
    username: 'bob',
    email: 'bob@example.com',
    role: 'user',
    createdAt: '2026-01-02T10:00:00.000Z',
    disabledAt: null,
    counts: { groups: 1, posts: 2, questions: 0, followers: 3 },
    ...overrides,
  };
}

/**
 * A server with a session of `role` (or none) and the admin API: one administrator (the
 * session's person) and Bob, whom disabling marks disabled unless `disableFails` says why not.
 */
function stubServer(options: { role: 'admin' | 'user' | null; disableFails?: string; resetFails?: string }) {
  const session = options.role ? { ...buildSessionUser(), role: options.role } : null;
  let bob = buildAdminUser();
  const me = buildAdminUser({ id: 'user-1', name: 'Ada', username: 'ada', email: 'ada@example.com', role: 'admin' });
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path === '/api/accounts/session') return json({ user: session });
    if (path.startsWith('/api/admin/users?')) return json({ users: [bob, me], nextCursor: null });
    if (path === '/api/admin/users/user-2/disable' && method === 'POST') {
      if (options.disableFails) return apiError(409, 'conflict', options.disableFails);
      bob = { ...bob, disabledAt: '2026-03-01T09:00:00.000Z' };
      return json({ user: bob });
    }
    if (path === '/api/admin/users/user-2/password-reset' && method === 'POST') {
      if (options.resetFails) return apiError(429, 'too_many_requests', options.resetFails);
      return json({ sentTo: bob.email });
    }
    if (path.startsWith('/api/admin/audit-log')) return json({ entries: [], nextCursor: null });
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const adminCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((path) => path.startsWith('/api/admin/'));

/** Serious and critical axe findings in `container` (contrast is the browser tests' job). */
async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical');
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('/admin', () => {
  it('asks people who are signed out to sign in, and asks the admin API nothing', async () => {
    const fetchMock = stubServer({ role: null });
    const { router } = renderApp('/admin');
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(screen.getByRole('main').querySelector('button')).toHaveTextContent('Sign in');
    // the page keeps its h1 (every page has one), but not the administration's tabs
    expect(screen.getByRole('heading', { name: 'Administration', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).not.toBeInTheDocument();
    expect(adminCalls(fetchMock)).toEqual([]);
  });

  it('tells a signed-in member the pages are for administrators, without loading them', async () => {
    const fetchMock = stubServer({ role: 'user' });
    renderApp('/admin/users');
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expect(adminCalls(fetchMock)).toEqual([]);
  });

  it('shows administrators the tabs, the users page first', async () => {
    stubServer({ role: 'admin' });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Administration', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Users', 'Content', 'Messages', 'Mail', 'Page views', 'Audit log']);
    expect(await screen.findByRole('heading', { name: 'Users', level: 2 })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Users · Administration · Townhall'));

    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByText('No actions yet')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/audit-log');
  });
});

describe('/admin/users', () => {
  it('disables a person after confirmation, says so, and shows them disabled', async () => {
    const fetchMock = stubServer({ role: 'admin' });
    const user = userEvent.setup();
    const { container } = renderApp('/admin/users');

    const list = await screen.findByRole('list', { name: 'Users' });
    expect(await seriousViolations(container)).toEqual([]);
    const bobRow = within(list).getByText('Bob Builder').closest('li');
    if (!bobRow) throw new Error('no row for Bob');
    expect(within(bobRow).getByText('Active')).toBeInTheDocument();
    expect(within(bobRow).getByText('bob@example.com')).toBeInTheDocument();
    // one's own account has no Disable button
    const adaRow = within(list).getByText('@ada').closest('li');
    if (!adaRow) throw new Error('no row for Ada');
    expect(within(adaRow).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(bobRow).getByRole('button', { name: 'Disable @bob' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable @bob?' });
    expect(dialog).toHaveTextContent('signed out everywhere');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText('Disabled @bob')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await within(bobRow).findByText('Disabled')).toBeInTheDocument();
    expect(within(bobRow).getByRole('button', { name: 'Enable @bob' })).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => String(input) === '/api/admin/users/user-2/disable' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('sends a person the reset link to their own address only after confirmation, and says where it went', async () => {
    const fetchMock = stubServer({ role: 'admin' });
    const user = userEvent.setup();
    const { container } = renderApp('/admin/users');
    const resetCalls = () =>
      fetchMock.mock.calls.filter(
        ([input, init]) => String(input) === '/api/admin/users/user-2/password-reset' && init?.method === 'POST',
      );

    await user.click(await screen.findByRole('button', { name: 'Send reset link to @bob' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send @bob a password reset link?' });
    expect(dialog).toHaveTextContent('bob@example.com, their own address');
    expect(dialog).toHaveTextContent('You will not see the link');
    expect(dialog).toHaveTextContent('recorded in the audit log');
    expect(await seriousViolations(container)).toEqual([]);
    expect(resetCalls()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(resetCalls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Send reset link to @bob' }));
    const again = await screen.findByRole('alertdialog', { name: 'Send @bob a password reset link?' });
    await user.click(within(again).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Reset link sent to bob@example.com')).toBeInTheDocument();
    expect(resetCalls()).toHaveLength(1);
    expect(resetCalls()[0]?.[1]?.body ?? null).toBeNull();
    // Nobody gets one from here for their own account (the sign-in form's 'Forgot password?' is theirs).
    expect(screen.queryByRole('button', { name: 'Send reset link to @ada' })).not.toBeInTheDocument();
  });

  it("keeps the reset dialog open and shows the server's reason when sending fails", async () => {
    stubServer({ role: 'admin', resetFails: 'Enough reset e-mails were sent to this person for now.' });
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/admin/users');

    await user.click(await screen.findByRole('button', { name: 'Send reset link to @bob' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send @bob a password reset link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Enough reset e-mails were sent to this person for now.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Send @bob a password reset link?' })).toBeInTheDocument();
    warn.mockRestore();
  });

  it('offers no reset link for a disabled account', async () => {
    stubServer({ role: 'admin' });
    const user = userEvent.setup();
    renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Disable @bob' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable @bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('button', { name: 'Enable @bob' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reset link to @bob' })).not.toBeInTheDocument();
  });

  it('keeps the dialog open and shows the reason when disabling fails', async () => {
    stubServer({ role: 'admin', disableFails: 'Something is in the way.' });
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/admin/users');

    await user.click(await screen.findByRole('button', { name: 'Disable @bob' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable @bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Something is in the way.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Disable @bob?' })).toBeInTheDocument();
    warn.mockRestore();
  });
});
