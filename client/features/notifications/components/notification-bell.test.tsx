import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AppShell } from '#client/app/shell/app-shell.tsx';
import { buildProfile, buildSessionUser, json, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { createFakeLiveClient } from '#client/test/live-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { Notification } from '#shared/schemas/notifications.ts';

const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <h1>Home page</h1> },
      { path: 'group/:slug', element: <h1>Group page</h1> },
      { path: ':username', element: <h1>Profile page</h1> },
    ],
  },
];

const person = (id: string, name: string) => ({ id, username: id, name, profileImageURL: '' });
const rust = { id: 'g1', slug: 'rust', name: 'Rust' };

function item(overrides: Partial<Notification> & Pick<Notification, 'id' | 'kind'>): Notification {
  return {
    actor: person('bo', 'Bo Peep'),
    group: rust,
    targetType: null,
    targetId: null,
    excerpt: '',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    href: '/group/rust',
    ...overrides,
  };
}

const ITEMS: Notification[] = [
  item({ id: 'n1', kind: 'new_answer', excerpt: 'Why Rust?', href: '/group/rust?tab=questions' }),
  item({ id: 'n2', kind: 'new_question', actor: person('cy', 'Cy'), excerpt: 'How fast?' }),
  item({ id: 'n3', kind: 'new_follower', actor: person('di', ''), group: null, href: '/di' }),
  item({ id: 'n4', kind: 'new_ama', actor: null, excerpt: 'Ask me about lifetimes', href: '/event/s1' }),
  item({ id: 'n5', kind: 'ama_starting', actor: null, excerpt: 'Ask me', href: '/event/s1' }),
  item({ id: 'n6', kind: 'reply', excerpt: 'Agreed!', readAt: '2025-01-01T00:00:00.000Z' }),
];

/** A server with a signed-in person and their notifications; marking read changes both. */
function stubServer(items: Notification[]) {
  let list = items.map((entry) => ({ ...entry }));
  const readBodies: unknown[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const path = String(input);
    if (path === '/api/accounts/session') {
      return Promise.resolve(json({ user: { ...buildSessionUser(buildProfile()), role: 'user' } }));
    }
    if (path === '/api/notifications/unread-count') {
      return Promise.resolve(json({ count: list.filter((entry) => entry.readAt === null).length }));
    }
    if (path === '/api/notifications') return Promise.resolve(json({ notifications: list, nextCursor: null }));
    if (path === '/api/notifications/read') {
      const body = JSON.parse(String(init?.body)) as { ids?: string[] };
      readBodies.push(body);
      const before = list.filter((entry) => entry.readAt === null).length;
      list = list.map((entry) =>
        !body.ids || body.ids.includes(entry.id)
          ? { ...entry, readAt: entry.readAt ?? new Date().toISOString() }
          : entry,
      );
      return Promise.resolve(json({ count: before - list.filter((entry) => entry.readAt === null).length }));
    }
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    readBodies,
    add(entry: Notification) {
      list = [entry, ...list];
    },
  };
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

describe('the notification bell', () => {
  it('shows the unread count, and a live notification raises it', async () => {
    const server = stubServer(ITEMS);
    const live = createFakeLiveClient();
    renderApp('/', { routes, liveClient: live.client });
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
    expect(live.watched()).toContain('user:user-1');

    server.add(item({ id: 'n7', kind: 'new_follower', actor: person('ed', 'Ed') }));
    live.emit({ topic: 'user:user-1', event: 'notification.created', ids: { userId: 'user-1' } });
    expect(await screen.findByRole('button', { name: 'Notifications, 6 unread' })).toBeInTheDocument();
  });

  it('reads the count again when the live channel comes back, for what arrived while it was down', async () => {
    const server = stubServer(ITEMS);
    const live = createFakeLiveClient();
    renderApp('/', { routes, liveClient: live.client });
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();

    // no event carries it: the channel was down when it came
    server.add(item({ id: 'n7', kind: 'new_follower', actor: person('ed', 'Ed') }));
    live.resync();
    expect(await screen.findByRole('button', { name: 'Notifications, 6 unread' })).toBeInTheDocument();
  });

  it('lists each kind with its text, and Mark all as read clears the dots and the count', async () => {
    const server = stubServer(ITEMS);
    renderApp('/', { routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 5 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const texts = within(list)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(texts[0]).toContain('Bo Peep answered your question');
    expect(texts[0]).toContain('Why Rust?');
    expect(texts[0]).toContain('5 minutes ago');
    expect(texts[1]).toContain('Cy asked in Rust');
    expect(texts[2]).toContain('@di followed you');
    expect(texts[3]).toContain('New AMA in Rust: Ask me about lifetimes');
    expect(texts[4]).toContain('Rust is live now');
    expect(texts[5]).toContain('Bo Peep replied to you');
    expect(within(list).getAllByText('Unread')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryAllByText('Unread')).toHaveLength(0));
    expect(server.readBodies).toEqual([{}]);
  });

  it('opens an item: marks it read and goes to its page', async () => {
    const server = stubServer(ITEMS);
    renderApp('/', { routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 5 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(within(list).getByRole('button', { name: /@di followed you/ }));
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(server.readBodies).toEqual([{ ids: ['n3'] }]);
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
  });

  it("says 'No notifications yet' when there are none", async () => {
    stubServer([]);
    renderApp('/', { routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
