import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import {
  apiError,
  buildAccess,
  buildGroupPage,
  buildMember,
  buildSubscriber,
  json,
  stubApi,
} from '#client/features/groups/test/group-fixtures.ts';
import { buildQuestion } from '#client/features/content/test/content-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { createFakeLiveClient } from '#client/test/live-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { GroupRole } from '#shared/lib/permissions.ts';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const PAGE = '/api/group-slugs/compilers';
const SUBSCRIPTION = '/api/groups/group-1/subscription';
const VIEWED = '/api/groups/group-1/viewed';

function pageAnswer(role: GroupRole, group: Parameters<typeof buildGroupPage>[1] = {}) {
  return ({ path }: { path: string }) => {
    if (path === PAGE) return json(buildGroupPage(role, group));
    if (path === '/api/groups/group-1/posts') return json({ posts: [], nextCursor: null });
    if (path.startsWith('/api/groups/group-1/questions?'))
      return json({ pinned: null, questions: [], nextCursor: null });
    return undefined;
  };
}

describe('the group page', () => {
  it('shows the group, its host, counts and the tabs of a live Q&A group', async () => {
    stubApi({ answer: pageAnswer('guest') });
    renderApp('/group/compilers');

    expect(await screen.findByRole('heading', { name: 'Compilers', level: 1 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/grace');
    expect(within(main).getByText('10 subscribers')).toBeInTheDocument();
    expect(within(main).getByText('5 likes')).toBeInTheDocument();
    expect(within(main).getByText('Live Q&A')).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    const tabs = within(main).getByRole('tablist', { name: 'Group sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Posts', 'Questions', 'Events', 'Members', 'Subscribers']);
    expect(await within(main).findByText('No posts yet.')).toBeInTheDocument();
    await user().click(within(tabs).getByRole('tab', { name: 'Questions' }));
    expect(await within(main).findByText('No questions yet.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Compilers · Townhall'));
  });

  it('has no Questions tab when the group is not a live Q&A group', async () => {
    stubApi({ answer: pageAnswer('guest', { ama: false }) });
    renderApp('/group/compilers');

    const tabs = await screen.findByRole('tablist', { name: 'Group sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Posts', 'Members', 'Subscribers']);
    expect(screen.queryByText('Live Q&A')).not.toBeInTheDocument();
  });

  it("says 'Group not found' for an unknown slug", async () => {
    stubApi({ answer: ({ path }) => (path === PAGE ? apiError(404, 'not_found', 'Group not found') : undefined) });
    renderApp('/group/compilers');

    expect(await screen.findByRole('heading', { name: 'Group not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all groups' })).toHaveAttribute('href', '/groups');
  });

  it('shows each role its action: Unsubscribe, a Member badge, or Edit group and Delete', async () => {
    stubApi({ answer: pageAnswer('member') });
    const { unmount } = renderApp('/group/compilers');
    expect(await screen.findByText('Member')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    unmount();

    stubApi({ answer: pageAnswer('host') });
    renderApp('/group/compilers');
    expect(await screen.findByRole('link', { name: 'Edit group' })).toHaveAttribute('href', '/group/compilers/edit');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });
});

const user = () => userEvent.setup();

describe('subscribing', () => {
  it("says 'Success: Subscribed successfully!' and shows Unsubscribe with the server's count", async () => {
    const success = vi.spyOn(toast, 'success');
    stubApi({
      answer: ({ path, method }) => {
        if (path === PAGE) return json(buildGroupPage('guest'));
        if (path === SUBSCRIPTION && method === 'PUT')
          return json({ isSubscribed: true, changed: true, subscriberCount: 12, access: buildAccess('subscriber') });
        if (path === VIEWED) return new Response(null, { status: 204 });
        return undefined;
      },
    });
    renderApp('/group/compilers');

    await user().click(await screen.findByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(screen.getByText('12 subscribers')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Success', { description: 'Subscribed successfully!' });
  });

  it("says 'Unsubscribed successfully!' after unsubscribing", async () => {
    const success = vi.spyOn(toast, 'success');
    stubApi({
      answer: ({ path, method }) => {
        if (path === PAGE) return json(buildGroupPage('subscriber'));
        if (path === SUBSCRIPTION && method === 'DELETE')
          return json({ isSubscribed: false, changed: true, subscriberCount: 9, access: buildAccess('guest') });
        if (path === VIEWED) return new Response(null, { status: 204 });
        return undefined;
      },
    });
    renderApp('/group/compilers');

    await user().click(await screen.findByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(screen.getByText('9 subscribers')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Success', { description: 'Unsubscribed successfully!' });
  });

  it('shows the destructive failure toasts', async () => {
    const destructive = vi.spyOn(toast, 'destructive');
    stubApi({
      answer: ({ path, method }) => {
        if (path === PAGE) return json(buildGroupPage('guest'));
        if (path === SUBSCRIPTION && method === 'PUT') return apiError(500, 'internal', 'Failed to subscribe to group');
        return undefined;
      },
    });
    renderApp('/group/compilers');

    await user().click(await screen.findByRole('button', { name: 'Subscribe' }));

    await waitFor(() =>
      expect(destructive).toHaveBeenCalledWith('Failed to subscribe. Please try again.', {
        description: 'Failed to subscribe to group',
      }),
    );
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('shows the unsubscribe failure toast', async () => {
    const destructive = vi.spyOn(toast, 'destructive');
    stubApi({
      answer: ({ path, method }) => {
        if (path === PAGE) return json(buildGroupPage('subscriber'));
        if (path === SUBSCRIPTION && method === 'DELETE')
          return apiError(500, 'internal', 'Failed to unsubscribe from group');
        if (path === VIEWED) return new Response(null, { status: 204 });
        return undefined;
      },
    });
    renderApp('/group/compilers');

    await user().click(await screen.findByRole('button', { name: 'Unsubscribe' }));

    await waitFor(() =>
      expect(destructive).toHaveBeenCalledWith('Failed to unsubscribe. Please try again.', {
        description: 'Failed to unsubscribe from group',
      }),
    );
  });
});

describe('the visit of a subscribed group', () => {
  it('marks the subscription viewed once', async () => {
    const api = stubApi({
      answer: ({ path }) => {
        if (path === PAGE) return json(buildGroupPage('subscriber'));
        if (path === VIEWED) return new Response(null, { status: 204 });
        return undefined;
      },
    });
    renderApp('/group/compilers');

    await screen.findByRole('button', { name: 'Unsubscribe' });
    await waitFor(() => expect(api.calls('POST', VIEWED)).toHaveLength(1));
  });

  it('only warns when marking fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({
      answer: ({ path }) => {
        if (path === PAGE) return json(buildGroupPage('subscriber'));
        if (path === VIEWED) return apiError(500, 'internal', 'Failed to update subscription view time');
        return undefined;
      },
    });
    renderApp('/group/compilers');

    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to update subscription view time', expect.anything()),
    );
  });

  it('does not mark a group the viewer does not subscribe to', async () => {
    const api = stubApi({ answer: pageAnswer('guest') });
    renderApp('/group/compilers');

    await screen.findByRole('button', { name: 'Subscribe' });
    expect(api.calls('POST', VIEWED)).toHaveLength(0);
  });
});

describe('members and subscribers', () => {
  it('lists members newest first with Load more; the host adds by username and removes', async () => {
    const api = stubApi({
      answer: ({ path, method }) => {
        if (path === PAGE) return json(buildGroupPage('host'));
        if (path === '/api/groups/group-1/members' && method === 'GET')
          return json({ members: [buildMember(1)], nextCursor: 'next' });
        if (path === '/api/groups/group-1/members?cursor=next')
          return json({ members: [buildMember(2)], nextCursor: null });
        if (path === '/api/groups/group-1/members' && method === 'POST')
          return apiError(404, 'not_found', 'No user has this username');
        if (path === '/api/groups/group-1/members/member-1' && method === 'DELETE') return json({ memberCount: 1 });
        return undefined;
      },
    });
    renderApp('/group/compilers?tab=members');
    const u = user();

    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByRole('link', { name: 'Member 1' })).toHaveAttribute('href', '/member_1');
    await u.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: 'Member 2' })).toBeInTheDocument();

    await u.type(screen.getByRole('textbox', { name: 'Add a member by username' }), '@nobody');
    await u.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('No user has this username')).toBeInTheDocument();
    expect(api.calls('POST', '/api/groups/group-1/members')).toEqual([{ username: 'nobody' }]);

    await u.click(within(list).getByRole('button', { name: 'Remove Member 1' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/groups/group-1/members/member-1')).toHaveLength(1));
    expect(screen.getByText('1 member')).toBeInTheDocument();
  });

  it('shows no member controls to others', async () => {
    stubApi({
      answer: ({ path }) => {
        if (path === PAGE) return json(buildGroupPage('guest'));
        if (path === '/api/groups/group-1/members') return json({ members: [buildMember(1)], nextCursor: null });
        return undefined;
      },
    });
    renderApp('/group/compilers?tab=members');

    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('textbox', { name: 'Add a member by username' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('lists subscribers 20 at a time', async () => {
    stubApi({
      answer: ({ path }) => {
        if (path === PAGE) return json(buildGroupPage('guest'));
        if (path === '/api/groups/group-1/subscribers')
          return json({ subscribers: Array.from({ length: 20 }, (_, i) => buildSubscriber(i + 1)), nextCursor: 'p2' });
        if (path === '/api/groups/group-1/subscribers?cursor=p2')
          return json({ subscribers: [buildSubscriber(21)], nextCursor: null });
        return undefined;
      },
    });
    renderApp('/group/compilers?tab=subscribers');

    const list = await screen.findByRole('list', { name: 'Subscribers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(21));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('live updates', () => {
  it('follows counts, access and deletion without a reload', async () => {
    const live = createFakeLiveClient();
    let access = buildAccess('guest');
    stubApi({
      answer: ({ path }) => {
        if (path === PAGE) return json(buildGroupPage('guest'));
        if (path === '/api/groups/group-1/access') return json(access);
        return undefined;
      },
    });
    renderApp('/group/compilers', { liveClient: live.client });

    await screen.findByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(live.watched()).toEqual(expect.arrayContaining(['group:group-1', 'user:user-1'])));

    live.emit({ topic: 'group:group-1', event: 'subscribers.changed', data: { subscriberCount: 30 } });
    expect(await screen.findByText('30 subscribers')).toBeInTheDocument();
    live.emit({ topic: 'group:group-1', event: 'likes.changed', data: { likeCount: 8 } });
    expect(await screen.findByText('8 likes')).toBeInTheDocument();

    // The host adds Ada as a member.
    access = buildAccess('member');
    live.emit({ topic: 'user:user-1', event: 'access.changed', ids: { groupId: 'group-1' } });
    expect(await screen.findByText('Member')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();

    live.emit({ topic: 'group:group-1', event: 'group.deleted' });
    expect(await screen.findByText('This group was deleted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all groups' })).toHaveAttribute('href', '/groups');
  });
});

describe('the sidebar’s subscriptions', () => {
  it('lists the first page with a dot for new activity, and See all', async () => {
    stubApi({
      answer: ({ path }) => {
        if (path === '/api/groups?sort=newest') return json({ groups: [], nextCursor: null });
        return path === '/api/me/subscriptions'
          ? json({
              subscriptions: [
                {
                  groupId: 'group-1',
                  groupSlug: 'compilers',
                  groupName: 'Compilers',
                  groupImage: '',
                  creatorName: 'Grace Hopper',
                  creatorProfileImage: '',
                  username: 'grace',
                  subscribedAt: '2025-03-01T00:00:00.000Z',
                  lastViewedAt: null,
                  lastActivityAt: '2025-03-02T00:00:00.000Z',
                  hasNewActivity: true,
                  newQuestionsCount: null,
                  newAnswersCount: null,
                },
              ],
              nextCursor: null,
            })
          : undefined;
      },
    });
    renderApp('/groups');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Compilers (new activity)' })).toHaveAttribute(
      'href',
      '/group/compilers',
    );
    expect(within(nav).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/groups');
    expect(within(nav).getByRole('link', { name: 'Create group' })).toHaveAttribute('href', '/create');
  });
});

describe('the Questions tab for screen readers', () => {
  it('says each answer that arrives while the tab is open, politely, and nothing before', async () => {
    const question = buildQuestion({
      author: { id: 'user-1', username: 'ada', name: 'Ada Lovelace', profileImageURL: '' },
    });
    let current = question;
    stubApi({
      answer: ({ path }) => {
        if (path === '/api/questions/question-1') return json({ question: current });
        return pageAnswer('subscriber')({ path });
      },
    });
    const live = createFakeLiveClient();
    renderApp('/group/compilers?tab=questions', { liveClient: live.client });
    const region = await screen.findByTestId('answer-announcement');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    current = {
      ...question,
      status: 'answered',
      answeredAt: '2030-05-01T15:10:00.000Z',
      answer: {
        id: 'answer-1',
        questionId: 'question-1',
        author: { id: 'user-2', username: 'grace', name: 'Grace Hopper', profileImageURL: '' },
        body: 'Start with a lexer.',
        likeCount: 0,
        isLiked: false,
        createdAt: '2030-05-01T15:10:00.000Z',
        updatedAt: '2030-05-01T15:10:00.000Z',
        editedAt: null,
      },
    };
    live.emit({
      topic: 'group:group-1',
      event: 'question.answered',
      ids: { groupId: 'group-1', questionId: 'question-1' },
    });
    await waitFor(() => {
      expect(screen.getByTestId('answer-announcement')).toHaveTextContent(
        "Grace Hopper answered Ada Lovelace's question: How do compilers work?",
      );
    });
  });
});
