import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import {
  apiError,
  buildPerson,
  buildProfilePage,
  json,
  stubApi,
} from '#client/features/profiles/test/profile-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const gracePage = () => buildProfilePage();

describe('the profile page', () => {
  it('shows a skeleton, then the picture, name, @username, quote, counts, groups and Follow', async () => {
    let answerPage: (response: Response) => void = () => {};
    stubApi({
      answer: ({ path }) =>
        path === '/api/profiles/grace' ? new Promise<Response>((resolve) => (answerPage = resolve)) : undefined,
    });
    renderApp('/grace');

    expect(await screen.findAllByText('Loading profile')).not.toHaveLength(0);
    answerPage(json(gracePage()));
    const heading = await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 });
    const main = screen.getByRole('main');
    expect(heading).toBeInTheDocument();
    expect(within(main).getByText('@grace')).toBeInTheDocument();
    expect(within(main).getByText(/we have always done it this way/)).toBeInTheDocument();
    expect(within(main).getByRole('img', { name: 'Profile picture of Grace Hopper' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: '41 followers' })).toHaveAttribute('href', '/grace/followers');
    expect(within(main).getByRole('link', { name: '7 following' })).toHaveAttribute('href', '/grace/following');
    expect(within(main).getByText('No groups yet')).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Follow Grace Hopper' })).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    const sections = within(main).getByRole('navigation', { name: 'Profile sections' });
    expect(within(sections).getByRole('link', { name: 'Groups' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Grace Hopper (@grace) · Townhall'));
  });

  it('answers an unknown handle with the 404 page', async () => {
    stubApi({
      answer: ({ path }) =>
        path === '/api/profiles/nobody' ? apiError(404, 'not_found', 'User profile not found') : undefined,
    });
    renderApp('/nobody');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Townhall');
  });

  it('does not ask the server about a path no username could be', async () => {
    const { fetchMock } = stubApi();
    renderApp('/favicon.ico');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain('/api/profiles/favicon.ico');
  });

  it('moves a former handle, or another case, to the current handle, keeping the section', async () => {
    stubApi({
      answer: ({ path }) => (path === '/api/profiles/amazing_grace' ? json(gracePage()) : undefined),
    });
    const { router } = renderApp('/amazing_grace/followers');

    await waitFor(() => expect(router.state.location.pathname).toBe('/grace/followers'));
    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeInTheDocument();
  });

  it('takes handles in any case', async () => {
    stubApi({ answer: ({ path }) => (path === '/api/profiles/GRACE' ? json(gracePage()) : undefined) });
    const { router } = renderApp('/GRACE');

    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/grace');
  });

  it("shows 'Edit profile' instead of Follow on one's own profile", async () => {
    stubApi({
      answer: ({ path }) =>
        path === '/api/profiles/ada'
          ? json(
              buildProfilePage(
                { id: 'user-1', username: 'ada', name: 'Ada Lovelace' },
                { isSelf: true, isFollowing: false },
              ),
            )
          : undefined,
    });
    renderApp('/ada');

    const edit = await screen.findByRole('link', { name: 'Edit profile' });
    expect(edit).toHaveAttribute('href', '/settings/profile');
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(screen.getByText('Groups you host will show here.')).toBeInTheDocument();
  });

  it('signed out, Follow opens the sign-in modal', async () => {
    stubApi({
      session: null,
      answer: ({ path }) => (path === '/api/profiles/grace' ? json(buildProfilePage({}, null)) : undefined),
    });
    renderApp('/grace');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Follow Grace Hopper' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to Townhall' })).toBeInTheDocument();
  });
});

describe('following from the profile page', () => {
  it('shows the follow at once, then takes the exact count from the server', async () => {
    let answerFollow: (response: Response) => void = () => {};
    const api = stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/profiles/grace') return json(gracePage());
        if (path === '/api/users/user-2/follow' && method === 'PUT')
          return new Promise<Response>((resolve) => (answerFollow = resolve));
        return undefined;
      },
    });
    renderApp('/grace');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Follow Grace Hopper' }));

    // Before the server answers.
    expect(await screen.findByRole('button', { name: 'Unfollow Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '42 followers' })).toBeInTheDocument();
    expect(api.calls('PUT', '/api/users/user-2/follow')).toHaveLength(1);

    // Someone else followed too in the meantime: the server's count wins.
    answerFollow(json({ isFollowing: true, followers: 43 }));
    expect(await screen.findByRole('link', { name: '43 followers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfollow Grace Hopper' })).toBeInTheDocument();
  });

  it('unfollows the same way', async () => {
    stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/profiles/grace')
          return json(buildProfilePage({ followers: 10 }, { isSelf: false, isFollowing: true }));
        if (path === '/api/users/user-2/follow' && method === 'DELETE')
          return json({ isFollowing: false, followers: 9 });
        return undefined;
      },
    });
    renderApp('/grace');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unfollow Grace Hopper' }));

    expect(await screen.findByRole('button', { name: 'Follow Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '9 followers' })).toBeInTheDocument();
  });

  it('takes the follow back with a toast when the server refuses', async () => {
    let refuse: (response: Response) => void = () => {};
    stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/profiles/grace') return json(gracePage());
        if (path === '/api/users/user-2/follow' && method === 'PUT')
          return new Promise<Response>((resolve) => (refuse = resolve));
        return undefined;
      },
    });
    const failure = vi.spyOn(toast, 'error');
    renderApp('/grace');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Follow Grace Hopper' }));
    expect(await screen.findByRole('link', { name: '42 followers' })).toBeInTheDocument();

    refuse(apiError(500, 'internal', 'Something went wrong on our side.'));

    expect(await screen.findByRole('button', { name: 'Follow Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '41 followers' })).toBeInTheDocument();
    expect(failure).toHaveBeenCalledWith('Could not follow Grace Hopper', {
      description: 'Something went wrong on our side.',
    });
  });
});

describe('followers and following', () => {
  it('lists 20 at a time with Load more, each with its Follow button', async () => {
    const first = Array.from({ length: 20 }, (_, index) => buildPerson(index + 1));
    const api = stubApi({
      answer: ({ path }) => {
        if (path === '/api/profiles/grace') return json(gracePage());
        if (path === '/api/users/user-2/followers') return json({ people: first, nextCursor: 'page-2' });
        if (path === '/api/users/user-2/followers?cursor=page-2')
          return json({
            people: [buildPerson(21, { id: 'user-1', username: 'ada', name: 'Ada Lovelace', isFollowing: null })],
            nextCursor: null,
          });
        return undefined;
      },
    });
    renderApp('/grace/followers');
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Followers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getByRole('link', { name: 'Person 1' })).toHaveAttribute('href', '/person_1');
    expect(within(list).getByText('@person_1')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Follow Person 1' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('People following Grace Hopper (@grace) · Townhall'));
    const sections = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(within(sections).getByRole('link', { name: 'Followers' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await within(list).findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(21);
    // The viewer's own row has no Follow button.
    expect(within(list).queryByRole('button', { name: 'Follow Ada Lovelace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/users/user-2/followers?cursor=page-2')).toHaveLength(1);
  });

  it('following someone in a list changes their row and the page count of whoever is shown', async () => {
    stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/profiles/grace') return json(gracePage());
        if (path === '/api/users/user-2/following')
          return json({ people: [buildPerson(1, { followers: 5 })], nextCursor: null });
        if (path === '/api/users/person-1/follow' && method === 'PUT') return new Promise<Response>(() => {});
        return undefined;
      },
    });
    renderApp('/grace/following');

    const list = await screen.findByRole('list', { name: 'Following' });
    expect(within(list).getByText(/5 followers/)).toBeInTheDocument();
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Follow Person 1' }));

    expect(await within(list).findByRole('button', { name: 'Unfollow Person 1' })).toBeInTheDocument();
    expect(within(list).getByText(/6 followers/)).toBeInTheDocument();
  });

  it('says so when nobody follows yet', async () => {
    stubApi({
      answer: ({ path }) => {
        if (path === '/api/profiles/grace') return json(gracePage());
        if (path === '/api/users/user-2/followers') return json({ people: [], nextCursor: null });
        return undefined;
      },
    });
    renderApp('/grace/followers');

    expect(await screen.findByText('No followers yet')).toBeInTheDocument();
    expect(screen.getByText('People who follow Grace Hopper will show here.')).toBeInTheDocument();
  });
});

describe('/user/:id and /profile', () => {
  it('/user/:id moves to the handle', async () => {
    stubApi({
      answer: ({ path }) => (path === '/api/users/user-2/public-profile' ? json(gracePage()) : undefined),
    });
    const { router } = renderApp('/user/user-2');

    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/grace');
  });

  it('/profile goes to one’s own profile', async () => {
    stubApi({
      answer: ({ path }) =>
        path === '/api/profiles/ada'
          ? json(
              buildProfilePage(
                { id: 'user-1', username: 'ada', name: 'Ada Lovelace' },
                { isSelf: true, isFollowing: false },
              ),
            )
          : undefined,
    });
    const { router } = renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ada');
  });

  it('/profile signed out asks to sign in', async () => {
    stubApi({ session: null });
    renderApp('/profile');

    expect(await screen.findByRole('dialog', { name: 'Sign in to Townhall' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to see your profile')).toBeInTheDocument();
  });
});
