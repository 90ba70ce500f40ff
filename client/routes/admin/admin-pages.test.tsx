import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildSessionUser, json, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { AdminContactMessage, AdminContentItem, AdminPageViews } from '#shared/schemas/admin-console.ts';

const views = (days: number): AdminPageViews => ({
  days,
  from: '2026-03-01',
  to: '2026-03-02',
  totals: { views: days === 7 ? 70 : 5, uniqueVisitors: 3 },
  perDay: [
    { date: '2026-03-01', views: 2, uniqueVisitors: 1 },
    { date: '2026-03-02', views: 3, uniqueVisitors: 2 },
  ],
  topPages: [{ path: '/about', views: 4, uniqueVisitors: 2 }],
});

const post: AdminContentItem = {
  type: 'post',
  id: 'post-1',
  body: 'Buy cheap watches',
  author: { id: 'user-3', username: 'spammer', name: 'Spam' },
  group: { id: 'group-1', slug: 'watches', name: 'Watches' },
  parent: null,
  likeCount: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
};

const message: AdminContactMessage = {
  id: 'message-1',
  name: 'Cleo',
  email: 'cleo@example.com',
  topic: 'support',
  message: 'I cannot find my group.',
  sender: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
};

/** An administrator's session and the admin API, remembering removals and handled messages. */
function stubServer() {
  let posts = [post];
  let current = message;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path === '/api/accounts/session') return json({ user: { ...buildSessionUser(), role: 'admin' } });
    if (path.startsWith('/api/admin/page-views?days=')) return json(views(Number(path.split('=')[1])));
    if (path === '/api/admin/content?type=post') return json({ items: posts, nextCursor: null });
    if (path === '/api/admin/content/post/post-1' && method === 'DELETE') {
      posts = [];
      return new Response(null, { status: 204 });
    }
    if (path.startsWith('/api/admin/contact-messages?status=open')) {
      return json({ messages: current.handledAt ? [] : [current], nextCursor: null });
    }
    if (path === '/api/admin/contact-messages/message-1/handle' && method === 'POST') {
      current = { ...current, handledAt: '2026-03-02T10:00:00.000Z' };
      return json({ message: current });
    }
    if (path.startsWith('/api/admin/audit-log')) return json({ entries: [], nextCursor: null });
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

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

describe('/admin/page-views', () => {
  it('shows the days in a table, the top pages, and reloads for another period', async () => {
    const fetchMock = stubServer();
    const { container } = renderApp('/admin/page-views');
    const days = await screen.findByRole('table', { name: /Views and unique visitors per day/ });
    const rows = within(days).getAllByRole('row');
    // newest day first, after the header row
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayViewsUnique visitors',
      expect.stringMatching(/2026.*32$/),
      expect.stringMatching(/2026.*21$/),
    ]);
    const pages = screen.getByRole('table', { name: 'The most viewed pages of the period' });
    expect(await seriousViolations(container)).toEqual([]);
    expect(within(pages).getByRole('link', { name: '/about' })).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(screen.getByText('70')).toBeInTheDocument());
    expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain('/api/admin/page-views?days=7');
  });
});

describe('the loading states of /admin', () => {
  it('are status regions named for assistive technology, while the session and then the figures load', async () => {
    let answerSession: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) =>
        String(input) === '/api/accounts/session'
          ? new Promise<Response>((resolve) => (answerSession = resolve))
          : new Promise<Response>(() => {}),
      ),
    );
    const { container } = renderApp('/admin/page-views');
    const checking = await screen.findByText('Loading');
    expect(checking.closest('[role="status"]')).not.toBeNull();
    expect(await seriousViolations(container)).toEqual([]);

    answerSession(json({ user: { ...buildSessionUser(), role: 'admin' } }));
    const loading = await screen.findByText('Loading page views');
    expect(loading.closest('[role="status"]')).not.toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('/admin/content', () => {
  it('removes a post after confirmation', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    const { container } = renderApp('/admin/content?type=post');
    const list = await screen.findByRole('list', { name: 'Posts' });
    expect(within(list).getByText('Buy cheap watches')).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Posts' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(list).getByRole('button', { name: 'Remove this post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this post by @spammer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Post removed')).toBeInTheDocument();
    expect(await screen.findByText('No posts')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([path, init]) => String(path) === '/api/admin/content/post/post-1' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });
});

describe('/admin/messages', () => {
  it('marks an open message handled', async () => {
    stubServer();
    const user = userEvent.setup();
    const { container } = renderApp('/admin/messages');
    const item = await screen.findByRole('article', { name: 'Message from Cleo' });
    expect(within(item).getByText('I cannot find my group.')).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(within(item).getByRole('button', { name: 'Mark handled: message from Cleo' }));
    expect(await screen.findByText('Message marked handled')).toBeInTheDocument();
    expect(await screen.findByText('Every message is handled.')).toBeInTheDocument();
  });
});
