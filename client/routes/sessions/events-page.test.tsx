import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { buildAmaSession } from '#client/features/sessions/test/session-fixtures.ts';
import { formatSessionTime } from '#client/features/sessions/utils/session-format.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

describe('/events', () => {
  it('lists upcoming sessions with group, title, local time and status, and shows empty tabs', async () => {
    const upcoming = buildAmaSession();
    const api = stubApi({
      answer: ({ path }) => {
        if (path === '/api/sessions?view=upcoming') return json({ sessions: [upcoming], nextCursor: null });
        if (path === '/api/sessions?view=live') return json({ sessions: [], nextCursor: null });
        return undefined;
      },
    });
    renderApp('/events');
    const u = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Upcoming sessions' });
    const card = within(list).getByRole('article');
    expect(within(card).getByRole('link', { name: 'Ask me about compilers' })).toHaveAttribute(
      'href',
      '/event/session-1',
    );
    expect(within(card).getByText('Compilers')).toBeInTheDocument();
    expect(within(card).getByText('Upcoming')).toBeInTheDocument();
    expect(within(card).getByText(new RegExp(formatSessionTime(upcoming.startsAt)))).toBeInTheDocument();
    expect(within(card).getByText('2 questions')).toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: 'Live now' }));
    expect(await screen.findByText('No session is live right now.')).toBeInTheDocument();
    expect(api.calls('GET', '/api/sessions?view=live')).toHaveLength(1);
  });

  it('has an Events link in the sidebar', async () => {
    stubApi({
      answer: ({ path }) => (path.startsWith('/api/sessions') ? json({ sessions: [], nextCursor: null }) : undefined),
    });
    renderApp('/events');
    expect(await screen.findByText('No upcoming sessions.')).toBeInTheDocument();
    expect(
      screen.getAllByRole('link', { name: 'Events' }).some((link) => link.getAttribute('href') === '/events'),
    ).toBe(true);
  });
});
