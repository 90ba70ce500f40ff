import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { buildCreator } from '#client/features/discovery/test/discovery-fixtures.ts';
import { apiError, buildGroup, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { buildAmaSession } from '#client/features/sessions/test/session-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

const LIVE = buildAmaSession({ id: 'session-live', title: 'Live: ask about parsers', status: 'live' });
const UPCOMING = buildAmaSession({ id: 'session-next', title: 'Next week: optimizers' });

/** What the landing page asks for, each answered unless `overrides` says otherwise. */
function landingAnswer(overrides: Record<string, () => Response> = {}) {
  return ({ path }: { path: string }) => {
    const override = overrides[path];
    if (override) return override();
    if (path === '/api/health') return json({ status: 'ok', version: '1.2.3', uptime: 42 });
    if (path === '/api/sessions?view=live') return json({ sessions: [LIVE], nextCursor: null });
    if (path === '/api/sessions?view=upcoming') return json({ sessions: [UPCOMING], nextCursor: null });
    if (path === '/api/groups?sort=popular&limit=6') return json({ groups: [buildGroup()], nextCursor: null });
    if (path === '/api/creators?limit=6') return json({ people: [buildCreator(1)], nextCursor: null });
    return undefined;
  };
}

describe('the landing page (/) for visitors', () => {
  it('says what Townhall is, invites to sign up, and shows live and upcoming sessions, groups and creators', async () => {
    stubApi({ session: null, answer: landingAnswer() });
    const { container } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Townhall' })).toBeInTheDocument();
    expect(screen.getByText('Creator communities with live question-and-answer groups.')).toBeInTheDocument();
    const main = screen.getByRole('main');
    const signUps = within(main).getAllByRole('link', { name: 'Create your account' });
    expect(signUps).toHaveLength(2);
    for (const link of signUps) expect(link).toHaveAttribute('href', '/signup');
    expect(within(main).getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { level: 2, name: 'Start your own community' })).toBeInTheDocument();

    const live = await screen.findByRole('list', { name: 'Live sessions' });
    expect(within(live).getByRole('link', { name: 'Live: ask about parsers' })).toHaveAttribute(
      'href',
      '/event/session-live',
    );
    const upcoming = await screen.findByRole('list', { name: 'Upcoming sessions' });
    expect(within(upcoming).getByRole('link', { name: 'Next week: optimizers' })).toBeInTheDocument();
    const groups = await screen.findByRole('list', { name: 'Popular groups' });
    expect(within(groups).getByRole('link', { name: 'Compilers' })).toHaveAttribute('href', '/group/compilers');
    expect(within(groups).getByText('10 subscribers')).toBeInTheDocument();
    const creators = await screen.findByRole('list', { name: 'Popular creators' });
    expect(within(creators).getByRole('link', { name: 'Creator 1' })).toHaveAttribute('href', '/creator_1');
    expect(within(creators).getByText('99 followers · 1 group')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('API: ok, version 1.2.3'));
    await waitFor(() => expect(document.title).toBe('Welcome · Townhall'));

    // Contrast needs a layout jsdom does not have; the browser tests check it.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')).toEqual([]);
  });

  it('shows empty sections when nothing is live or planned', async () => {
    stubApi({
      session: null,
      answer: landingAnswer({
        '/api/sessions?view=live': () => json({ sessions: [], nextCursor: null }),
        '/api/sessions?view=upcoming': () => json({ sessions: [], nextCursor: null }),
      }),
    });
    renderApp('/');
    expect(await screen.findByText('No session is live right now.')).toBeInTheDocument();
    expect(await screen.findByText('No upcoming sessions.')).toBeInTheDocument();
  });

  it('offers to try again when a section fails, and shows it once the retry works', async () => {
    let isDown = true;
    const api = stubApi({
      session: null,
      answer: landingAnswer({
        '/api/creators?limit=6': () =>
          isDown
            ? apiError(503, 'unavailable', 'Database is starting')
            : json({ people: [buildCreator(2)], nextCursor: null }),
      }),
    });
    renderApp('/');
    expect(await screen.findByText('Creators could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database is starting')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Creator 2' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/creators?limit=6')).toHaveLength(2);
  });

  it("shows the API as unreachable with the server's message", async () => {
    stubApi({
      session: null,
      answer: landingAnswer({
        '/api/health': () => apiError(503, 'unavailable', 'Database is starting'),
      }),
    });
    renderApp('/');
    const status = await screen.findByText(/API unreachable/);
    expect(status).toHaveTextContent('Database is starting');
  });
});

describe('/ for a signed-in person', () => {
  it('goes on to /home, replacing the entry', async () => {
    const api = stubApi({
      answer: ({ path }) => {
        if (path.startsWith('/api/me/')) return json({ items: [], sessions: [], subscriptions: [], nextCursor: null });
        return undefined;
      },
    });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/sessions?view=upcoming')).toHaveLength(0);
  });
});
