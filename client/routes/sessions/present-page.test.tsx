import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { buildQuestion } from '#client/features/content/test/content-fixtures.ts';
import { buildAmaSession } from '#client/features/sessions/test/session-fixtures.ts';
import { createFakeLiveClient } from '#client/test/live-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { Question } from '#shared/schemas/questions.ts';
import type { AmaSession } from '#shared/schemas/sessions.ts';

afterEach(() => {
  document.documentElement.removeAttribute('data-transparent-page');
});

const ANSWER = {
  id: 'answer-1',
  questionId: 'question-1',
  author: { id: 'user-2', username: 'grace', name: 'Grace Hopper', profileImageURL: '' },
  body: 'Lexer, parser, **optimizer**, code generator.',
  likeCount: 0,
  isLiked: false,
  createdAt: '2030-05-01T15:10:00.000Z',
  updatedAt: '2030-05-01T15:10:00.000Z',
  editedAt: null,
};

/** The API of one session (signed out, as a streaming program is), whose pinned question can change. */
function stubPresenterApi(session: AmaSession, pinned: Question | null) {
  const state = { session, pinned };
  const api = stubApi({
    session: null,
    answer: ({ path, method }) => {
      if (method !== 'GET') return undefined;
      if (path === `/api/sessions/${session.id}`) return json({ session: state.session });
      if (path.startsWith('/api/groups/group-1/questions?')) {
        return json({ pinned: state.pinned, questions: [], nextCursor: null });
      }
      return undefined;
    },
  });
  return { ...api, state };
}

const PINNED = buildQuestion({
  sessionId: 'session-1',
  isPinned: true,
  pinnedAt: '2030-05-01T15:05:00.000Z',
  likeCount: 12,
});

describe('/event/:id/present', () => {
  it('shows the pinned question full screen, without the app shell and without sign-in', async () => {
    const api = stubPresenterApi(buildAmaSession({ status: 'live' }), PINNED);
    const live = createFakeLiveClient();
    renderApp('/event/session-1/present', { liveClient: live.client });

    const question = await screen.findByRole('article', { name: 'Pinned question by Ada Lovelace' });
    expect(within(question).getByText('How do compilers work?')).toBeInTheDocument();
    expect(within(question).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(question).getByText('12 votes')).toBeInTheDocument();
    expect(within(question).getByText('Now answering')).toBeInTheDocument();
    expect(within(question).queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();
    // the session's title, and no chrome: no top bar, navigation, footer or sign-in button
    expect(screen.getByText('Ask me about compilers')).toBeInTheDocument();
    expect(screen.queryByRole('banner', { name: /./ })).not.toBeInTheDocument();
    expect(document.querySelector('header[class*="sticky"]')).toBeNull();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveClass('bg-black');
    expect(screen.getByRole('main')).not.toHaveClass('presenter-transparent');
    expect(document.title).toContain('Ask me about compilers');
    // the queue and the session's state come live on the group's topic; the page does not watch
    // the session's own topic, where it would count as one of its viewers
    expect(live.watched()).toEqual(['group:group-1']);
    expect(live.client.setPresence).not.toHaveBeenCalled();
    expect(
      api.fetchMock.mock.calls.some(
        ([input]) =>
          String(input).includes('/questions?') &&
          String(input).includes('sessionId=session-1') &&
          String(input).includes('limit=1'),
      ),
    ).toBe(true);
  });

  it('shows the answer of the pinned question once it is answered', async () => {
    stubPresenterApi(buildAmaSession({ status: 'live' }), {
      ...PINNED,
      status: 'answered',
      answer: ANSWER,
      answeredAt: ANSWER.createdAt,
    });
    renderApp('/event/session-1/present');

    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(within(answer).getByText('Answer from Grace Hopper')).toBeInTheDocument();
    expect(within(answer).getByText('optimizer', { selector: 'strong' })).toBeInTheDocument();
  });

  it('says calmly that nothing is pinned yet, and that the session has not started', async () => {
    stubPresenterApi(buildAmaSession(), null);
    renderApp('/event/session-1/present');

    expect(await screen.findByText('No question pinned yet')).toBeInTheDocument();
    expect(screen.getByText('The session has not started yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says that the session has ended instead of a question', async () => {
    stubPresenterApi(buildAmaSession({ status: 'ended', endedAt: '2030-05-01T16:00:00.000Z' }), PINNED);
    renderApp('/event/session-1/present');

    expect(await screen.findByText('This session has ended')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says that a session does not exist', async () => {
    stubApi({
      session: null,
      answer: ({ path }) =>
        path === '/api/sessions/nope' ? apiError(404, 'not_found', 'This session does not exist') : undefined,
    });
    renderApp('/event/nope/present');

    expect(await screen.findByText('This session does not exist')).toBeInTheDocument();
  });

  it('?transparent=1: no background, outlined text, and <html> marked transparent while it is open', async () => {
    stubPresenterApi(buildAmaSession({ status: 'live' }), PINNED);
    const { unmount } = renderApp('/event/session-1/present?transparent=1');

    await screen.findByRole('article', { name: 'Pinned question by Ada Lovelace' });
    const main = screen.getByRole('main');
    expect(main).toHaveClass('presenter-transparent', 'bg-transparent', 'text-outline');
    expect(main).not.toHaveClass('bg-black');
    expect(document.documentElement).toHaveAttribute('data-transparent-page');
    unmount();
    expect(document.documentElement).not.toHaveAttribute('data-transparent-page');
  });

  it('follows the pin, the answer, the votes and the end of the session live', async () => {
    const api = stubPresenterApi(buildAmaSession({ status: 'live' }), null);
    const live = createFakeLiveClient();
    renderApp('/event/session-1/present', { liveClient: live.client });
    await screen.findByText('No question pinned yet');

    // the host pins a question
    api.state.pinned = PINNED;
    live.emit({
      topic: 'group:group-1',
      event: 'question.pinned',
      ids: { groupId: 'group-1', questionId: 'question-1' },
      data: { pinned: 'question-1' },
    });
    const question = await screen.findByRole('article', { name: 'Pinned question by Ada Lovelace' });
    expect(within(question).getByText('12 votes')).toBeInTheDocument();

    // a vote
    api.state.pinned = { ...PINNED, likeCount: 13 };
    live.emit({
      topic: 'group:group-1',
      event: 'like.changed',
      ids: { targetId: 'question-1' },
      data: { targetType: 'question', likeCount: 13 },
    });
    expect(await screen.findByText('13 votes')).toBeInTheDocument();

    // the host answers it
    api.state.pinned = { ...PINNED, likeCount: 13, status: 'answered', answer: ANSWER, answeredAt: ANSWER.createdAt };
    live.emit({
      topic: 'group:group-1',
      event: 'question.answered',
      ids: { groupId: 'group-1', questionId: 'question-1' },
    });
    expect(await screen.findByRole('region', { name: 'Answer' })).toHaveTextContent('code generator');

    // an event of another session of the group changes nothing; this one's end does
    const sessionReads = () => api.calls('GET', '/api/sessions/session-1').length;
    const readsBefore = sessionReads();
    live.emit({ topic: 'group:group-1', event: 'session.ended', ids: { groupId: 'group-1', sessionId: 'session-2' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sessionReads()).toBe(readsBefore);
    api.state.session = { ...api.state.session, status: 'ended', endedAt: '2030-05-01T16:00:00.000Z' };
    live.emit({ topic: 'group:group-1', event: 'session.ended', ids: { groupId: 'group-1', sessionId: 'session-1' } });
    expect(await screen.findByText('This session has ended')).toBeInTheDocument();

    // and its deletion
    live.emit({
      topic: 'group:group-1',
      event: 'session.deleted',
      ids: { groupId: 'group-1', sessionId: 'session-1' },
    });
    expect(await screen.findByText('This session was deleted')).toBeInTheDocument();
  });
});
