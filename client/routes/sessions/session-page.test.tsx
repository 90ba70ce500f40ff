import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { buildAmaSession } from '#client/features/sessions/test/session-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { createFakeLiveClient } from '#client/test/live-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { AmaSession } from '#shared/schemas/sessions.ts';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});
afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const HOST = { id: 'user-1', username: 'ada', name: 'Ada', profileImageURL: '' };

function stubSessionApi(session: AmaSession, role: 'host' | 'subscriber') {
  let current = session;
  return stubApi({
    answer: ({ path, method }) => {
      if (path === `/api/sessions/${session.id}` && method === 'GET') return json({ session: current });
      if (path === `/api/sessions/${session.id}/start` && method === 'POST') {
        current = { ...current, status: 'live', startedAt: new Date().toISOString() };
        return json({ session: current });
      }
      if (path === `/api/sessions/${session.id}/viewers`) {
        return json({ count: 3, people: [{ ...HOST, id: 'user-9', username: 'bo', name: 'Bo', status: 'away' }] });
      }
      if (path === '/api/groups/by-slug/compilers') {
        return json(buildGroupPage(role, role === 'host' ? { ownerId: HOST.id, host: HOST } : {}));
      }
      if (path.startsWith('/api/groups/group-1/questions?')) {
        return json({ pinned: null, questions: [], nextCursor: null });
      }
      return undefined;
    },
  });
}

describe('/event/:id', () => {
  it('shows the session, the calendar link and who is watching, without host controls for a viewer', async () => {
    const api = stubSessionApi(buildAmaSession(), 'subscriber');
    const live = createFakeLiveClient();
    renderApp('/event/session-1', { liveClient: live.client });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ask me about compilers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compilers' })).toHaveAttribute('href', '/group/compilers');
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      '/api/sessions/session-1/calendar.ics',
    );
    expect(await screen.findByText('3 watching')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Who is watching' })).getByRole('group')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Host controls' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start session' })).not.toBeInTheDocument();
    // the page says it is open, and the queue asks for this session's questions only
    // being counted takes the page's live connection watching the session; it says it is in front
    expect(live.watched()).toContain('session:session-1');
    expect(live.client.setPresence).toHaveBeenCalledWith('online');
    expect(api.fetchMock.mock.calls.some(([input]) => String(input).includes('/presence'))).toBe(false);
    // hidden, the page says it is away
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(live.client.setPresence).toHaveBeenLastCalledWith('away');
    visibility.mockRestore();
    await screen.findByText('No questions yet.');
    expect(
      api.fetchMock.mock.calls.some(
        ([input]) => String(input).includes('/questions?') && String(input).includes('sessionId=session-1'),
      ),
    ).toBe(true);
  });

  it('gives the host Start session (confirmed), then End session, Edit, Delete and the transcripts', async () => {
    const api = stubSessionApi(buildAmaSession({ host: HOST }), 'host');
    renderApp('/event/session-1');
    const u = userEvent.setup();

    const controls = await screen.findByRole('region', { name: 'Host controls' });
    expect(within(controls).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(controls).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(controls).getByRole('link', { name: 'Transcript (Markdown)' })).toHaveAttribute(
      'href',
      '/api/sessions/session-1/transcript?format=md',
    );
    expect(within(controls).getByRole('link', { name: 'Transcript (JSON)' })).toHaveAttribute(
      'href',
      '/api/sessions/session-1/transcript?format=json',
    );
    expect(within(controls).queryByRole('button', { name: 'End session' })).not.toBeInTheDocument();

    await u.click(within(controls).getByRole('button', { name: 'Start session' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start the session now?' });
    await u.click(within(dialog).getByRole('button', { name: 'Start session' }));
    expect(await within(controls).findByRole('button', { name: 'End session' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/sessions/session-1/start')).toHaveLength(1);
    expect(screen.getByText('Live now')).toBeInTheDocument();
  });
});

describe('the Events tab of an ama group', () => {
  it("gives the host 'Schedule a session', which checks the form before sending", async () => {
    const api = stubApi({
      answer: ({ path }) => {
        if (path === '/api/groups/by-slug/compilers')
          return json(buildGroupPage('host', { ownerId: HOST.id, host: HOST }));
        if (path === '/api/groups/group-1/sessions') return json({ sessions: [], nextCursor: null });
        return undefined;
      },
    });
    renderApp('/group/compilers?tab=events');
    const u = userEvent.setup();

    expect(await screen.findByText('No sessions yet.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Schedule a session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a session' });
    await u.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('The title needs at least 3 characters')).toBeInTheDocument();
    expect(api.calls('POST', '/api/groups/group-1/sessions')).toHaveLength(0);
  });
});
