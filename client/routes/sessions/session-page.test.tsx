import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { buildQuestion } from '#client/features/content/test/content-fixtures.ts';
import { buildAmaSession } from '#client/features/sessions/test/session-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { createFakeLiveClient } from '#client/test/live-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { Question } from '#shared/schemas/questions.ts';
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
      if (path === '/api/group-slugs/compilers') {
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
    expect(screen.queryByRole('link', { name: 'Presenter view' })).not.toBeInTheDocument();
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
    // the presenter view, for streaming software, opens in a new tab
    const presenter = screen.getByRole('link', { name: 'Presenter view' });
    expect(presenter).toHaveAttribute('href', '/event/session-1/present');
    expect(presenter).toHaveAttribute('target', '_blank');
    expect(presenter).toHaveAttribute('rel', expect.stringContaining('noopener'));

    await u.click(within(controls).getByRole('button', { name: 'Start session' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start the session now?' });
    await u.click(within(dialog).getByRole('button', { name: 'Start session' }));
    expect(await within(controls).findByRole('button', { name: 'End session' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/sessions/session-1/start')).toHaveLength(1);
    expect(screen.getByText('Live now')).toBeInTheDocument();
  });
});

describe('/event/:id for screen readers', () => {
  const ANSWER = {
    id: 'answer-1',
    questionId: 'question-1',
    author: { id: 'user-2', username: 'grace', name: 'Grace Hopper', profileImageURL: '' },
    body: 'Start with a **lexer**.',
    likeCount: 0,
    isLiked: false,
    createdAt: '2030-05-01T15:10:00.000Z',
    updatedAt: '2030-05-01T15:10:00.000Z',
    editedAt: null,
  };

  function stubAnnouncedApi(questions: Record<string, Question>, pinnedAtFirst: Question | null) {
    return stubApi({
      answer: ({ path, method }) => {
        if (method !== 'GET') return undefined;
        if (path === '/api/sessions/session-1') return json({ session: buildAmaSession({ status: 'live' }) });
        if (path === '/api/sessions/session-1/viewers') return json({ count: 1, people: [] });
        if (path === '/api/group-slugs/compilers') return json(buildGroupPage('subscriber'));
        if (path.startsWith('/api/groups/group-1/questions?')) {
          return json({ pinned: pinnedAtFirst, questions: [], nextCursor: null });
        }
        const id = /^\/api\/questions\/([^/?]+)$/.exec(path)?.[1];
        const question = id === undefined ? undefined : questions[id];
        return question ? json({ question }) : undefined;
      },
    });
  }

  const announcements = () => ({
    pinned: screen.getByTestId('pinned-announcement'),
    answer: screen.getByTestId('answer-announcement'),
  });

  it('says nothing on first load, even with a question pinned and answered', async () => {
    const pinned = buildQuestion({
      sessionId: 'session-1',
      isPinned: true,
      status: 'answered',
      answer: ANSWER,
      answeredAt: ANSWER.createdAt,
    });
    stubAnnouncedApi({}, pinned);
    renderApp('/event/session-1', { liveClient: createFakeLiveClient().client });

    await screen.findByRole('article', { name: 'Question by Ada Lovelace' });
    const { pinned: pinnedRegion, answer: answerRegion } = announcements();
    expect(pinnedRegion).toHaveAttribute('aria-live', 'polite');
    expect(answerRegion).toHaveAttribute('aria-live', 'polite');
    expect(pinnedRegion).toBeEmptyDOMElement();
    expect(answerRegion).toBeEmptyDOMElement();
  });

  it('announces a newly pinned question and each answer, politely, but not those of another session', async () => {
    const question = buildQuestion({ sessionId: 'session-1', isPinned: true, likeCount: 4 });
    const otherSession = buildQuestion({ id: 'question-9', sessionId: 'session-2', isPinned: true });
    const questions: Record<string, Question> = { 'question-1': question, 'question-9': otherSession };
    stubAnnouncedApi(questions, null);
    const live = createFakeLiveClient();
    renderApp('/event/session-1', { liveClient: live.client });
    await screen.findByText('No questions yet.');

    live.emit({
      topic: 'group:group-1',
      event: 'question.pinned',
      ids: { groupId: 'group-1', questionId: 'question-9' },
      data: { pinned: 'question-9' },
    });
    live.emit({
      topic: 'group:group-1',
      event: 'question.pinned',
      ids: { groupId: 'group-1', questionId: 'question-1' },
      data: { pinned: 'question-1' },
    });
    await vi.waitFor(() => {
      expect(announcements().pinned).toHaveTextContent('Pinned question from Ada Lovelace: How do compilers work?');
    });
    expect(announcements().answer).toBeEmptyDOMElement();

    questions['question-1'] = { ...question, status: 'answered', answer: ANSWER, answeredAt: ANSWER.createdAt };
    live.emit({
      topic: 'group:group-1',
      event: 'question.answered',
      ids: { groupId: 'group-1', questionId: 'question-1' },
    });
    await vi.waitFor(() => {
      expect(announcements().answer).toHaveTextContent(
        "Grace Hopper answered Ada Lovelace's question: How do compilers work?",
      );
    });

    // an edit of the answer says so
    questions['question-1'] = {
      ...question,
      status: 'answered',
      answer: { ...ANSWER, body: 'Start with a parser.' },
      answeredAt: ANSWER.createdAt,
    };
    live.emit({
      topic: 'group:group-1',
      event: 'question.answered',
      ids: { groupId: 'group-1', questionId: 'question-1' },
    });
    await vi.waitFor(() => {
      expect(announcements().answer).toHaveTextContent(
        "Grace Hopper changed the answer to Ada Lovelace's question: How do compilers work?",
      );
    });
    // the other session's pin was never said
    expect(announcements().pinned).not.toHaveTextContent('question-9');
  });
});

describe('the Events tab of an ama group', () => {
  it("gives the host 'Schedule a session', which checks the form before sending", async () => {
    const api = stubApi({
      answer: ({ path }) => {
        if (path === '/api/group-slugs/compilers')
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

describe('/event/:id: the moderation record and carry-over', () => {
  const TOTALS = { asked: 7, answered: 3, hidden: 1, merged: 2, carriedOver: 4 };

  /** An ended session of Ada's (the host unless told) with `open` open questions left, going to `next`. */
  function stubEnded({
    role = 'host',
    open = 5,
    next = { id: 'session-2', title: 'Compilers, part 2', startsAt: '2030-05-08T15:00:00.000Z' },
  }: {
    role?: 'host' | 'subscriber';
    open?: number;
    next?: { id: string; title: string; startsAt: string } | null;
  } = {}) {
    let left = open;
    const session = buildAmaSession({
      status: 'ended',
      endedAt: '2030-05-01T16:00:00.000Z',
      ...(role === 'host' ? { host: HOST } : {}),
    });
    return stubApi({
      answer: ({ path, method, body }) => {
        if (path === '/api/sessions/session-1' && method === 'GET') return json({ session });
        if (path === '/api/sessions/session-1/viewers') return json({ count: 1, people: [] });
        if (path === '/api/sessions/session-1/ledger') return json({ entries: [], nextCursor: null, totals: TOTALS });
        if (path === '/api/sessions/session-1/carry' && method === 'GET') return json({ open: left, toSession: next });
        if (path === '/api/sessions/session-1/carry' && method === 'POST') {
          const top = (body as { top?: number }).top;
          const carried = Math.min(left, top ?? left);
          left -= carried;
          return json({ carried, toSession: next });
        }
        if (path === '/api/group-slugs/compilers') {
          return json(buildGroupPage(role, role === 'host' ? { ownerId: HOST.id, host: HOST } : {}));
        }
        if (path.startsWith('/api/groups/group-1/questions?'))
          return json({ pinned: null, questions: [], nextCursor: null });
        return undefined;
      },
    });
  }

  it('shows everyone the totals and the ledger link; Analytics and carry-over are the host’s', async () => {
    const api = stubEnded({ role: 'subscriber' });
    renderApp('/event/session-1');
    const record = await screen.findByRole('region', { name: 'Moderation record' });
    for (const [label, value] of [
      ['Asked', '7'],
      ['Answered', '3'],
      ['Hidden', '1'],
      ['Merged', '2'],
      ['Carried over', '4'],
    ] as const) {
      const term = await within(record).findByText(label);
      expect(term.nextElementSibling).toHaveTextContent(value);
    }
    // the header's link (the queue may link the ledger too)
    expect(screen.getAllByRole('link', { name: 'Moderation ledger' })[0]).toHaveAttribute(
      'href',
      '/event/session-1/ledger',
    );
    expect(screen.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
    await screen.findByText('No questions yet.');
    expect(screen.queryByRole('region', { name: 'Carry over' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/sessions/session-1/carry')).toHaveLength(0);
  });

  it('lets the host carry the top N, then the rest, telling where they went and moving focus on', async () => {
    const api = stubEnded();
    renderApp('/event/session-1');
    const u = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Carry over' });
    expect(await screen.findByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'href',
      '/event/session-1/analytics',
    );
    expect(panel).toHaveTextContent('5 open questions were not answered');
    expect(panel).toHaveTextContent('“Compilers, part 2”');

    const field = within(panel).getByRole('spinbutton', { name: 'How many, the most voted first' });
    await u.clear(field);
    await u.click(within(panel).getByRole('button', { name: 'Carry the top N questions' }));
    expect(await within(panel).findByText('Enter a whole number from 1 to 5')).toBeInTheDocument();
    expect(api.calls('POST', '/api/sessions/session-1/carry')).toHaveLength(0);

    await u.type(field, '2');
    await u.click(within(panel).getByRole('button', { name: 'Carry the top 2 questions' }));
    expect(await screen.findByText('2 questions carried over to “Compilers, part 2”')).toBeInTheDocument();
    expect(api.calls('POST', '/api/sessions/session-1/carry')).toEqual([{ top: 2 }]);
    expect(await within(panel).findByText(/3 open questions were not answered/)).toBeInTheDocument();

    await u.click(within(panel).getByRole('button', { name: 'Carry all 3 open questions' }));
    expect(await screen.findByText('3 questions carried over to “Compilers, part 2”')).toBeInTheDocument();
    expect(api.calls('POST', '/api/sessions/session-1/carry')).toEqual([{ top: 2 }, {}]);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Carry over' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Questions' })).toHaveFocus();
  });

  it('reads the queue, the session and the totals again when questions are carried or logged', async () => {
    const api = stubEnded({ role: 'subscriber' });
    const live = createFakeLiveClient();
    renderApp('/event/session-1', { liveClient: live.client });
    await screen.findByText('No questions yet.');
    await within(await screen.findByRole('region', { name: 'Moderation record' })).findByText('Carried over');
    const reads = (prefix: string) =>
      api.fetchMock.mock.calls.filter(
        ([input, init]) =>
          (prefix.endsWith('?') ? String(input).startsWith(prefix) : String(input) === prefix) &&
          (init?.method ?? 'GET') === 'GET',
      ).length;
    const before = {
      queue: reads('/api/groups/group-1/questions?'),
      session: reads('/api/sessions/session-1'),
      totals: reads('/api/sessions/session-1/ledger'),
    };
    live.emit({
      topic: 'group:group-1',
      event: 'questions.carried',
      ids: { groupId: 'group-1', sessionId: 'session-1' },
      data: { toSessionId: 'session-2', count: 2 },
    });
    await vi.waitFor(() => {
      expect(reads('/api/groups/group-1/questions?')).toBeGreaterThan(before.queue);
      expect(reads('/api/sessions/session-1')).toBeGreaterThan(before.session);
      expect(reads('/api/sessions/session-1/ledger')).toBeGreaterThan(before.totals);
    });
    const afterCarry = reads('/api/sessions/session-1/ledger');
    live.emit({ topic: 'group:group-1', event: 'ledger.added', ids: { groupId: 'group-1', sessionId: 'session-1' } });
    await vi.waitFor(() => expect(reads('/api/sessions/session-1/ledger')).toBeGreaterThan(afterCarry));
  });

  it('says the questions go to the answer-later list when no session is next', async () => {
    stubEnded({ open: 1, next: null });
    renderApp('/event/session-1');
    const u = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Carry over' });
    expect(panel).toHaveTextContent('1 open question was not answered');
    expect(panel).toHaveTextContent('answer-later list');
    expect(within(panel).queryByRole('spinbutton')).not.toBeInTheDocument();
    await u.click(within(panel).getByRole('button', { name: 'Carry the open question' }));
    expect(await screen.findByText('1 question carried over to the answer-later list')).toBeInTheDocument();
  });
});
