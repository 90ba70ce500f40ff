import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { apiError, buildProfile, buildSessionUser, json, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import { DEFAULT_EMAIL_SETTINGS, type EmailSettings } from '#shared/constants/accounts.ts';

type PatchAnswer = (changes: Partial<EmailSettings>) => Response | Promise<Response>;

/** A server whose session holds `settings`; PATCH answers with `answer` (saving by default). */
function stubServer(settings: EmailSettings = { ...DEFAULT_EMAIL_SETTINGS }, answer?: PatchAnswer) {
  let stored = { ...settings };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    if (path === '/api/accounts/session') {
      return json({ user: buildSessionUser(buildProfile({ emailSettings: stored })) });
    }
    if (path === '/api/users/user-1/email-settings' && init?.method === 'PATCH') {
      const changes = JSON.parse(String(init.body)) as Partial<EmailSettings>;
      if (answer) return answer(changes);
      stored = { ...stored, ...changes };
      return json({ emailSettings: stored });
    }
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const patchBodies = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .filter(([path, init]) => path === '/api/users/user-1/email-settings' && init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

async function openPage() {
  renderApp('/settings/notifications');
  const page = await screen.findByRole('region', { name: 'E-mail notifications' });
  return { user: userEvent.setup(), page };
}

describe('e-mail settings', () => {
  it('shows the nine e-mail flags as switches with their defaults, in groups', async () => {
    stubServer();
    const { page } = await openPage();

    const expected: [string, boolean][] = [
      ['Unsubscribe from all e-mail', false],
      ['New answers', true],
      ['New questions', true],
      ['New live Q&As', true],
      ['New followers', true],
      ['Weekly digest', false],
      ['Product updates', false],
      ['Welcome e-mail', true],
      ['Password reset', true],
    ];
    const switches = within(page).getAllByRole('switch');
    expect(switches.map((element) => [labelOf(element), isOn(element)])).toEqual(expected);
    expect(within(page).getByRole('switch', { name: 'Unsubscribe from all e-mail' })).toHaveAccessibleDescription(
      'Stops every e-mail except password reset.',
    );
    expect(within(page).getByRole('region', { name: 'Activity' })).toBeInTheDocument();
    expect(within(page).getByRole('region', { name: 'News from Townhall' })).toBeInTheDocument();
    // A reset the person asks for is always sent, so that switch cannot be turned off.
    expect(within(page).getByRole('switch', { name: 'Password reset' })).toBeDisabled();
  });

  it('saves a flip at once and keeps it', async () => {
    const fetchMock = stubServer();
    const { user, page } = await openPage();

    const digest = within(page).getByRole('switch', { name: 'Weekly digest' });
    await user.click(digest);

    expect(digest).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(patchBodies(fetchMock)).toEqual([{ weeklyDigest: true }]));
    expect(digest).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the flip before the server answers, and puts it back with the message when refused', async () => {
    let refuse: (response: Response) => void = () => {};
    stubServer(undefined, () => new Promise<Response>((resolve) => (refuse = resolve)));
    const failure = vi.spyOn(toast, 'error');
    const { user, page } = await openPage();

    const answers = within(page).getByRole('switch', { name: 'New answers' });
    await user.click(answers);
    expect(answers).toHaveAttribute('aria-checked', 'false');

    refuse(apiError(403, 'forbidden', "Unauthorized: Cannot update another user's email settings"));

    await waitFor(() => expect(answers).toHaveAttribute('aria-checked', 'true'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Unauthorized: Cannot update another user's email settings",
    );
    expect(failure).toHaveBeenCalledWith('Your e-mail settings were not saved', {
      description: "Unauthorized: Cannot update another user's email settings",
    });
  });

  it('shows the invalid-data message as the server words it', async () => {
    stubServer(undefined, () => apiError(400, 'invalid_email_settings', 'Invalid email settings data'));
    const { user, page } = await openPage();

    await user.click(within(page).getByRole('switch', { name: 'Product updates' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email settings data');
    expect(within(page).getByRole('switch', { name: 'Product updates' })).toHaveAttribute('aria-checked', 'false');
  });

  it('unsubscribing from all greys out the others but keeps their values', async () => {
    const fetchMock = stubServer();
    const { user, page } = await openPage();

    await user.click(within(page).getByRole('switch', { name: 'Unsubscribe from all e-mail' }));

    await waitFor(() => expect(patchBodies(fetchMock)).toEqual([{ unsubscribedAll: true }]));
    for (const name of ['New answers', 'Weekly digest', 'Welcome e-mail', 'Password reset']) {
      expect(within(page).getByRole('switch', { name })).toBeDisabled();
    }
    expect(within(page).getByRole('switch', { name: 'New answers' })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(page).getByRole('switch', { name: 'Unsubscribe from all e-mail' }));
    await waitFor(() => expect(within(page).getByRole('switch', { name: 'New answers' })).toBeEnabled());
  });

  it('says so when the profile (where the settings live) did not load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input) === '/api/accounts/session'
          ? json({ user: buildSessionUser(null) })
          : new Promise<Response>(() => {}),
      ),
    );
    renderApp('/settings/notifications');

    expect(await screen.findByRole('alert')).toHaveTextContent('User profile not found');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

function isOn(element: HTMLElement): boolean {
  return element.getAttribute('aria-checked') === 'true';
}

/** The text of the switch's own label (its accessible name also carries nothing else). */
function labelOf(element: HTMLElement): string {
  const id = element.getAttribute('id');
  return id ? (document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent ?? '') : '';
}
