import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { apiError, json, stubApi, type Answer } from '#client/features/profiles/test/profile-fixtures.ts';
import { buildProfile, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { Profile } from '#shared/schemas/accounts.ts';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

/** A server whose PATCH saves (or answers `refuse`) and whose availability check answers `taken`. */
function stubProfileServer({
  refuse,
  taken = {},
  extra,
}: { refuse?: Response; taken?: Record<string, string>; extra?: Answer } = {}) {
  let profile: Profile = buildProfile({ quote: 'Hello' });
  const api = stubApi({
    session: profile,
    answer: (request) => {
      const { path, method, body } = request;
      if (path.startsWith('/api/accounts/availability?')) {
        const username = new URLSearchParams(path.split('?')[1]).get('username') ?? '';
        return json({ username: taken[username] ?? null });
      }
      if (path === '/api/users/user-1/profile' && method === 'PATCH') {
        if (refuse) return refuse;
        const changes = body as Partial<Profile>;
        const history =
          changes.username && changes.username.toLowerCase() !== profile.username
            ? [...profile.usernameHistory, profile.username]
            : profile.usernameHistory;
        profile = {
          ...profile,
          ...changes,
          username: (changes.username ?? profile.username).toLowerCase(),
          usernameHistory: history,
        };
        api.setSession(profile);
        return json({ profile });
      }
      return extra?.(request);
    },
  });
  return api;
}

async function openPage() {
  renderApp('/settings/profile');
  await screen.findByRole('heading', { name: 'Profile', level: 2 });
  return userEvent.setup();
}

describe('/settings/profile', () => {
  it('starts from the saved profile, with the quote counted', async () => {
    stubProfileServer();
    await openPage();

    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByLabelText('Quote')).toHaveValue('Hello');
    expect(screen.getByText('5 / 280')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'your profile page' })).toHaveAttribute('href', '/ada');
    await waitFor(() => expect(document.title).toBe('Edit profile · Townhall'));
  });

  it("checks the username with sign-up's texts once the field is left, and never sends a bad one", async () => {
    const api = stubProfileServer();
    const user = await openPage();
    const username = screen.getByLabelText('Username');

    await user.clear(username);
    await user.type(username, 'ab');
    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(expect.stringContaining('Username must be at least 3 characters'));

    await user.clear(username);
    await user.type(username, 'ada lovelace');
    expect(
      screen.getByText('Username can only contain letters, numbers, underscores, and hyphens'),
    ).toBeInTheDocument();

    await user.clear(username);
    await user.type(username, 'settings');
    expect(screen.getByText('This username is not available')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(username).toHaveFocus();
    expect(api.calls('PATCH', '/api/users/user-1/profile')).toEqual([]);

    // One's own username, in any case, is always fine.
    await user.clear(username);
    await user.type(username, 'ADA');
    expect(screen.queryByText('This username is not available')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  });

  it("shows the server's early answer for a taken username", async () => {
    stubProfileServer({ taken: { grace: 'This username is already taken' } });
    const user = await openPage();

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'grace');
    await user.tab();

    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
  });

  it('sends only the changes, says the old link keeps working, and updates the session', async () => {
    const api = stubProfileServer();
    const success = vi.spyOn(toast, 'success');
    const user = await openPage();

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'Countess_Ada');
    await user.type(screen.getByLabelText('Quote'), ', world');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your username is now @countess_ada')).toBeInTheDocument();
    expect(
      screen.getByText('Links to your old address, /ada, keep working: they lead to /countess_ada.'),
    ).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/users/user-1/profile')).toEqual([
      { username: 'Countess_Ada', quote: 'Hello, world' },
    ]);
    expect(success).toHaveBeenCalledWith('Profile saved', {
      description: 'Your profile is now at /countess_ada; /ada keeps working.',
    });
    expect(screen.getByLabelText('Username')).toHaveValue('countess_ada');
    expect(screen.getByRole('link', { name: 'your profile page' })).toHaveAttribute('href', '/countess_ada');
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();

    // The session now holds the new profile: the avatar menu says so.
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Account menu' }));
    expect(await within(await screen.findByRole('menu')).findByText('@countess_ada')).toBeInTheDocument();
  });

  it("shows the server's refusal in its own words and keeps what was typed", async () => {
    stubProfileServer({ refuse: apiError(409, 'username_unavailable', 'This username is not available') });
    const user = await openPage();

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'someone_else');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This username is not available');
    expect(screen.getByLabelText('Username')).toHaveValue('someone_else');
  });

  it('names the field the server refused', async () => {
    stubProfileServer({
      refuse: json(
        {
          error: {
            code: 'validation',
            message: 'Invalid update data',
            fields: { 'body.quote': 'Invalid update data' },
          },
        },
        400,
      ),
    });
    const user = await openPage();

    await user.type(screen.getByLabelText('Quote'), '!');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid update data');
    expect(screen.getByLabelText('Quote')).toHaveAccessibleDescription(expect.stringContaining('Invalid update data'));
  });
});

const IMAGE_URL = '/media/images/0b3c1e6e-9d7a-4f0e-8a55-2f4d6a1c9e01/s384.webp';

describe('the profile picture', () => {
  it('uploads a picked image, busy meanwhile, and saves it as the picture', async () => {
    let answerUpload: (response: Response) => void = () => {};
    const api = stubProfileServer({
      extra: ({ path, method }) =>
        path === '/api/images?purpose=avatar' && method === 'POST'
          ? new Promise<Response>((resolve) => (answerUpload = resolve))
          : undefined,
    });
    const success = vi.spyOn(toast, 'success');
    const user = await openPage();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));

    expect(await screen.findByText('Uploading…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeDisabled();
    const sent = api.fetchMock.mock.calls.find(([path]) => String(path) === '/api/images?purpose=avatar')?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);

    answerUpload(json({ id: 'image-1', url: IMAGE_URL, width: 384, height: 384, variants: [] }, 201));

    await waitFor(() =>
      expect(api.calls('PATCH', '/api/users/user-1/profile')).toEqual([{ profileImageURL: IMAGE_URL }]),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile picture updated'));
    expect(await screen.findByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeEnabled();
  });

  it("shows the server's refusal of the file in its own words", async () => {
    const api = stubProfileServer({
      extra: ({ path }) =>
        path === '/api/images?purpose=avatar'
          ? apiError(415, 'unsupported_media_type', 'Upload a JPEG, PNG, WebP, GIF or AVIF image.')
          : undefined,
    });
    const user = await openPage();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['<svg/>'], 'me.png', { type: 'image/png' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a JPEG, PNG, WebP, GIF or AVIF image.');
    expect(api.calls('PATCH', '/api/users/user-1/profile')).toEqual([]);
  });

  it('refuses a file that is not an accepted image before sending it', async () => {
    const api = stubProfileServer();
    // userEvent.upload would drop it for not matching accept="image/*"; the picker can be told to show all files.
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/settings/profile');
    await screen.findByRole('heading', { name: 'Profile', level: 2 });

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a JPEG, PNG, WebP, GIF or AVIF image.');
    expect(api.calls('POST', '/api/images?purpose=avatar')).toEqual([]);
  });

  it('removes the picture', async () => {
    const api = stubApi({ session: buildProfile({ profileImageURL: IMAGE_URL }) });
    api.fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      if (path === '/api/accounts/session')
        return json({
          user: { id: 'user-1', email: 'ada@example.com', profile: buildProfile({ profileImageURL: IMAGE_URL }) },
        });
      if (path === '/api/users/user-1/profile' && init?.method === 'PATCH')
        return json({ profile: buildProfile({ profileImageURL: '' }) });
      return new Promise<Response>(() => {});
    });
    const user = await openPage();

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));

    await waitFor(() => expect(api.calls('PATCH', '/api/users/user-1/profile')).toEqual([{ profileImageURL: '' }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument());
  });
});
