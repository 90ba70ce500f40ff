import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildPerson, buildProfilePage, json, stubApi } from '#client/features/profiles/test/profile-fixtures.ts';
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

const linus = {
  id: 'person-1',
  username: 'person_1',
  name: 'Linus',
  quote: 'Talk is cheap.',
  followers: 5,
  following: 2,
};

describe('the person hover card', () => {
  it('loads the mini profile only when it opens, and its Follow changes the list row too', async () => {
    const api = stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/profiles/grace') return json(buildProfilePage());
        if (path === '/api/users/user-2/followers')
          return json({ people: [buildPerson(1, { name: 'Linus', followers: 5 })], nextCursor: null });
        if (path === '/api/profiles/person_1') return json(buildProfilePage(linus));
        if (path === '/api/users/person-1/follow' && method === 'PUT') return json({ isFollowing: true, followers: 6 });
        return undefined;
      },
    });
    renderApp('/grace/followers');
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Followers' });
    expect(api.calls('GET', '/api/profiles/person_1')).toHaveLength(0);

    await user.hover(within(list).getByRole('link', { name: 'Linus' }));
    // Opens after the spec's 700 ms.
    const card = await screen.findByText('Talk is cheap.', {}, { timeout: 2000 });
    const content = card.closest<HTMLElement>('[data-slot="hover-card-content"]');
    if (!content) throw new Error('no hover card');
    expect(within(content).getByText('@person_1')).toBeInTheDocument();
    expect(within(content).getByRole('link', { name: '5 followers' })).toHaveAttribute('href', '/person_1/followers');
    expect(within(content).getByRole('link', { name: '2 following' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/profiles/person_1')).toHaveLength(1);

    await user.click(within(content).getByRole('button', { name: 'Follow Linus' }));

    expect(await within(content).findByRole('button', { name: 'Unfollow Linus' })).toBeInTheDocument();
    expect(within(content).getByRole('link', { name: '6 followers' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Unfollow Linus' })).toBeInTheDocument();
    expect(within(list).getByText('6 followers')).toBeInTheDocument();
  });
});
