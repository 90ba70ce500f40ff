import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { apiError, buildSessionUser, json, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import { HOST_ANALYTICS_MESSAGES } from '#shared/constants/host-analytics.ts';
import type { AnalyticsFigures, SessionAnalyticsResponse } from '#shared/schemas/host-analytics.ts';

// the canvas (uPlot) needs a real browser: the browser test draws it
vi.mock('./viewers-chart-canvas.tsx', () => ({
  ViewersChartCanvas: () => <div data-testid="viewers-chart" />,
}));

const figures: AnalyticsFigures = {
  asked: 7,
  answered: 2,
  shareAnswered: 2 / 7,
  medianSecondsToAnswer: 120,
  hidden: 1,
  votes: 9,
  uniqueAskers: 4,
  uniqueVoters: 5,
  peak: { at: '2026-03-02T10:01:00.000Z', viewers: 8 },
  topQuestions: [
    { id: 'q1', body: 'Why the sky?', likeCount: 3, status: 'answered', isAnswered: true, isAnonymous: false },
    { id: 'q2', body: 'Who am I?', likeCount: 2, status: 'open', isAnswered: false, isAnonymous: true },
  ],
};

const analytics: SessionAnalyticsResponse = {
  session: {
    id: 's1',
    title: 'Spring AMA',
    status: 'ended',
    startsAt: '2026-03-02T10:00:00.000Z',
    startedAt: '2026-03-02T10:00:00.000Z',
    endedAt: '2026-03-02T11:00:00.000Z',
    group: { id: 'g1', slug: 'skies', name: 'Skies' },
  },
  figures,
  viewers: [
    { at: '2026-03-02T10:00:00.000Z', viewers: 3 },
    { at: '2026-03-02T10:01:00.000Z', viewers: 8 },
  ],
};

function stubServer(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = String(input);
      if (path === '/api/accounts/session') return json({ user: buildSessionUser() });
      if (path === '/api/sessions/s1/analytics') return answer();
      return new Promise<Response>(() => {});
    }),
  );
}

async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical');
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

/** A tile's value, found by its label. */
function tile(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('/event/:id/analytics', () => {
  it('shows the figures as tiles, the chart with its text, the top questions and the CSV link', async () => {
    stubServer(() => json(analytics));
    const { container } = renderApp('/event/s1/analytics');
    await screen.findByRole('heading', { name: 'Session analytics', level: 1 });
    expect(tile('Questions asked')).toBe('7');
    expect(tile('Answered')).toBe('2');
    expect(tile('Share answered')).toBe('29%');
    expect(tile('Median time to answer')).toBe('2 min');
    expect(tile('Votes')).toBe('9');
    expect(tile('Unique askers')).toBe('4');
    expect(tile('Unique voters')).toBe('5');
    expect(tile('Peak viewers')).toBe('8');

    expect(await screen.findByTestId('viewers-chart')).toBeInTheDocument();
    expect(screen.getByText(/2 minutes sampled .*at the peak, 8 viewers/)).toBeInTheDocument();
    const table = screen.getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(3);

    const top = screen.getByRole('region', { name: 'Top questions' });
    expect(within(top).getByRole('link', { name: 'Why the sky?' })).toHaveAttribute('href', '/group/skies/question/q1');
    expect(within(top).getByText('Anonymous')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/sessions/s1/analytics.csv',
    );
    expect(screen.queryByText('No questions were asked in this session yet.')).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when nothing was asked and nobody was sampled', async () => {
    stubServer(() =>
      json({
        ...analytics,
        figures: {
          ...figures,
          asked: 0,
          answered: 0,
          shareAnswered: null,
          medianSecondsToAnswer: null,
          hidden: 0,
          votes: 0,
          uniqueAskers: 0,
          uniqueVoters: 0,
          peak: null,
          topQuestions: [],
        },
        viewers: [],
      }),
    );
    renderApp('/event/s1/analytics');
    expect(await screen.findByText('No questions were asked in this session yet.')).toBeInTheDocument();
    expect(screen.getByText('No viewers were sampled')).toBeInTheDocument();
    expect(tile('Share answered')).toBe('–');
    expect(tile('Peak viewers')).toContain('–');
    expect(screen.queryByTestId('viewers-chart')).toBeNull();
  });

  it('tells a person who is not the host who may see analytics', async () => {
    stubServer(() => apiError(403, 'forbidden', HOST_ANALYTICS_MESSAGES.hostOnly));
    renderApp('/event/s1/analytics');
    expect(await screen.findByText(HOST_ANALYTICS_MESSAGES.hostOnly)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the session' })).toHaveAttribute('href', '/event/s1');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });

  it('says an unknown session does not exist', async () => {
    stubServer(() => apiError(404, 'not_found', 'This session does not exist'));
    renderApp('/event/s1/analytics');
    expect(await screen.findByText('This session does not exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all events' })).toHaveAttribute('href', '/events');
  });
});
