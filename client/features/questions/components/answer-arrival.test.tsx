import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildQuestion, PEOPLE } from '#client/features/content/test/content-fixtures.ts';
import { buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { placeArrivals, type Arrival } from '#client/features/questions/hooks/use-answer-arrivals.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { createFakeLiveClient } from '#client/test/live-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { GroupRole } from '#shared/lib/permissions.ts';
import type { Question } from '#shared/schemas/questions.ts';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const PAGE = '/api/group-slugs/compilers';
const QUESTIONS = '/api/groups/group-1/questions';
const FIRST_LOAD = { timeout: 10_000 };
const ANSWER_TEXT = 'A lexer, a parser, then code generation.';

const ask = (index: number, body: string, likeCount: number) =>
  buildQuestion({
    id: `question-${String(index)}`,
    author: PEOPLE.grace,
    body,
    likeCount,
    permissions: { canEdit: false, canDelete: false },
  });
const first = ask(1, 'What is a lexer?', 9);
const middle = ask(2, 'How do compilers work?', 5);
const last = ask(3, 'Why is parsing hard?', 1);

function answered(question: Question): Question {
  return {
    ...question,
    status: 'answered',
    answeredAt: '2025-03-03T00:00:00.000Z',
    answer: {
      id: `answer-${question.id}`,
      questionId: question.id,
      author: PEOPLE.grace,
      body: ANSWER_TEXT,
      likeCount: 0,
      isLiked: false,
      createdAt: '2025-03-03T00:00:00.000Z',
      updatedAt: '2025-03-03T00:00:00.000Z',
      editedAt: null,
    },
  };
}

/**
 * The group's Questions tab as `role` sees it, watching the live channel: the Open list is
 * first, middle, last (and `pinned`); once `answer()` is called the server has answered
 * `target`, so the lists and the question read as they would then.
 */
function watchQueue(role: GroupRole, { target = middle, pinned = null as Question | null } = {}) {
  const live = createFakeLiveClient();
  let isAnswered = false;
  const api = stubApi({
    ...(role === 'unknown' ? { session: null } : {}),
    answer: ({ path }) => {
      if (path === PAGE) return json(buildGroupPage(role));
      if (path === `/api/questions/${target.id}`) return json({ question: isAnswered ? answered(target) : target });
      if (path.startsWith(`${QUESTIONS}?`)) {
        const view = new URLSearchParams(path.slice(path.indexOf('?') + 1)).get('view');
        const top = pinned && isAnswered && pinned.id === target.id ? answered(pinned) : pinned;
        if (view === 'answered')
          return json({ pinned: top, questions: isAnswered ? [answered(target)] : [], nextCursor: null });
        const open = [first, middle, last].filter((question) => !(isAnswered && question.id === target.id));
        return json({
          pinned: top,
          questions: open.filter((question) => question.id !== pinned?.id),
          nextCursor: null,
        });
      }
      if (path === '/api/groups/group-1/viewed') return new Response(null, { status: 204 });
      if (path.endsWith('/duplicates')) return json({ questions: [] });
      return undefined;
    },
  });
  renderApp('/group/compilers?tab=questions', { liveClient: live.client });
  return {
    api,
    answer() {
      isAnswered = true;
      live.emit({
        topic: 'group:group-1',
        event: 'question.answered',
        ids: { groupId: 'group-1', questionId: target.id },
        data: { wasPending: false },
      });
    },
  };
}

/** The bodies of the Open list's cards, top to bottom. */
function listed(): string[] {
  const list = screen.getByRole('list', { name: 'Questions' });
  return within(list)
    .getAllByRole('article')
    .map((card) => within(card).getByText(/\?$/).textContent ?? '');
}

describe('an answer arriving while a viewer watches the Open list', () => {
  it('stays in place with its answer, and the cards around it keep theirs', { timeout: 20_000 }, async () => {
    const queue = watchQueue('subscriber');
    await screen.findAllByRole('article', {}, FIRST_LOAD);
    expect(listed()).toEqual(['What is a lexer?', 'How do compilers work?', 'Why is parsing hard?']);

    queue.answer();
    const note = await screen.findByText('Answered just now', {}, FIRST_LOAD);
    const card = note.closest('article');
    if (!card) throw new Error('the note is outside a card');
    expect(within(card).getByText('How do compilers work?')).toBeInTheDocument();
    expect(within(within(card).getByRole('region', { name: 'Answer' })).getByText(ANSWER_TEXT)).toBeInTheDocument();
    // the list was read again without it, and it is still where it was
    await waitFor(() =>
      expect(
        queue.api.fetchMock.mock.calls.filter(([path]) => String(path).startsWith(`${QUESTIONS}?`)).length,
      ).toBeGreaterThan(1),
    );
    expect(listed()).toEqual(['What is a lexer?', 'How do compilers work?', 'Why is parsing hard?']);
    // one card, and nothing said here: the page's announcer says the answer
    expect(screen.getAllByText('How do compilers work?')).toHaveLength(1);
    expect(note.closest('[aria-live]')).toBeNull();
  });

  it('goes with Got it, focus moving to the card now in its place', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const queue = watchQueue('unknown');
    await screen.findAllByRole('article', {}, FIRST_LOAD);
    queue.answer();
    await screen.findByText('Answered just now', {}, FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(listed()).toEqual(['What is a lexer?', 'Why is parsing hard?']));
    const lastCard = screen.getByText('Why is parsing hard?').closest('article');
    await waitFor(() => expect(lastCard).toHaveFocus());
  });

  it('shows once in Answered, and not again in Open, once the view changes', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const queue = watchQueue('subscriber');
    await screen.findAllByRole('article', {}, FIRST_LOAD);
    queue.answer();
    await screen.findByText('Answered just now', {}, FIRST_LOAD);

    await user.click(screen.getByRole('button', { name: 'Answered' }));
    await waitFor(() => expect(listed()).toEqual(['How do compilers work?']));
    expect(screen.queryByText('Answered just now')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(listed()).toEqual(['What is a lexer?', 'Why is parsing hard?']));
    expect(
      within(screen.getByRole('list', { name: 'Questions' })).queryByText('How do compilers work?'),
    ).not.toBeInTheDocument();
  });

  it('shows the pinned question’s answer in the pinned card, marked as just arrived', { timeout: 20_000 }, async () => {
    const pinned = { ...first, isPinned: true, pinnedAt: '2025-03-02T00:00:00.000Z' };
    const queue = watchQueue('subscriber', { target: pinned, pinned });
    await screen.findByText('Being answered now', {}, FIRST_LOAD);
    queue.answer();
    const note = await screen.findByText('Answered just now', {}, FIRST_LOAD);
    const pinnedCard = note.closest('article');
    if (!pinnedCard) throw new Error('the note is outside a card');
    expect(within(pinnedCard).getByText('Being answered now')).toBeInTheDocument();
    expect(
      within(within(pinnedCard).getByRole('region', { name: 'Answer' })).getByText(ANSWER_TEXT),
    ).toBeInTheDocument();
    expect(listed()).toEqual(['How do compilers work?', 'Why is parsing hard?']);
  });

  it('lets the host’s answered question leave the Open list, as done', { timeout: 20_000 }, async () => {
    const queue = watchQueue('host');
    await screen.findAllByRole('article', {}, FIRST_LOAD);
    queue.answer();
    await waitFor(() => expect(listed()).toEqual(['What is a lexer?', 'Why is parsing hard?']));
    expect(screen.queryByText('Answered just now')).not.toBeInTheDocument();
  });
});

describe('placeArrivals', () => {
  const held = (question: Question, afterId: string | null, index: number): Arrival => ({
    id: question.id,
    question,
    afterId,
    index,
  });
  const ids = (placed: ReturnType<typeof placeArrivals>) => placed.map((item) => item.question.id);

  it('puts a held question back below the card that was above it, whatever moved since', () => {
    expect(ids(placeArrivals([first, last], [held(middle, first.id, 1)], null))).toEqual([
      'question-1',
      'question-2',
      'question-3',
    ]);
    // the card above went down the list: it follows it
    expect(ids(placeArrivals([last, first], [held(middle, first.id, 1)], null))).toEqual([
      'question-3',
      'question-1',
      'question-2',
    ]);
    // first of the list
    expect(ids(placeArrivals([middle, last], [held(first, null, 0)], null))).toEqual([
      'question-1',
      'question-2',
      'question-3',
    ]);
  });

  it('keeps its place when the card above has gone too, and never shows a question twice', () => {
    expect(ids(placeArrivals([first], [held(middle, 'question-9', 1)], null))).toEqual(['question-1', 'question-2']);
    // reopened: in the list anyway, once, marked as held
    const placed = placeArrivals([first, middle, last], [held(middle, first.id, 1)], null);
    expect(ids(placed)).toEqual(['question-1', 'question-2', 'question-3']);
    expect(placed[1]?.arrival?.id).toBe('question-2');
    // pinned since: the pinned slot shows it
    expect(ids(placeArrivals([first, last], [held(middle, first.id, 1)], middle.id))).toEqual([
      'question-1',
      'question-3',
    ]);
    // two neighbours answered: both back, in order
    expect(ids(placeArrivals([last], [held(middle, first.id, 1), held(first, null, 0)], null))).toEqual([
      'question-1',
      'question-2',
      'question-3',
    ]);
  });
});
