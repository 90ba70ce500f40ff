import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { apiError, buildSessionUser, json, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import { FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';
import type { AdminContentItem } from '#shared/schemas/admin-console.ts';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const question = (overrides: Partial<AdminContentItem>): AdminContentItem => ({
  type: 'question',
  id: 'question-1',
  body: 'Is it rude to ask this?',
  author: { id: '', username: '', name: 'Anonymous' },
  group: { id: 'group-1', slug: 'manners', name: 'Manners' },
  parent: null,
  likeCount: 2,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const LOOK = '/api/admin/questions/question-1/author';

/** An administrator's session, two questions (one anonymous) and the look's answer. */
function stubServer(look: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input);
    if (path === '/api/accounts/session') return json({ user: { ...buildSessionUser(), role: 'admin' } });
    if (path === '/api/admin/content?type=question') {
      const named = question({
        id: 'question-2',
        body: 'Named one',
        author: { id: 'user-4', username: 'ada', name: 'Ada' },
      });
      return json({ items: [question({}), named], nextCursor: null });
    }
    if (path === LOOK) return look();
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return { looks: () => fetchMock.mock.calls.filter(([input]) => String(input) === LOOK).length };
}

describe('revealing who asked an anonymous question', () => {
  it('asks first, saying the look is recorded, then shows the asker in place', async () => {
    const server = stubServer(() => json({ asker: { id: 'user-9', username: 'shy_sam', name: 'Sam Shy' } }));
    renderApp('/admin/content?type=question');
    const u = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Questions' });
    const [anonymous, named] = within(list).getAllByRole('listitem');
    if (!anonymous || !named) throw new Error('two rows expected');
    expect(anonymous).toHaveTextContent('Anonymous in Manners');
    expect(within(named).queryByRole('button', { name: FAIR_QUEUE_MESSAGES.revealAsker })).not.toBeInTheDocument();

    await u.click(within(anonymous).getByRole('button', { name: FAIR_QUEUE_MESSAGES.revealAsker }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reveal who asked?' });
    expect(dialog).toHaveTextContent(FAIR_QUEUE_MESSAGES.revealConfirm);
    expect(server.looks()).toBe(0);
    await u.click(within(dialog).getByRole('button', { name: FAIR_QUEUE_MESSAGES.revealAsker }));

    const revealed = await within(anonymous).findByRole('status');
    expect(revealed).toHaveTextContent('Asked by Sam Shy (@shy_sam) · this look is in the audit log');
    expect(within(revealed).getByRole('link', { name: 'Sam Shy (@shy_sam)' })).toHaveAttribute('href', '/shy_sam');
    await waitFor(() => expect(revealed).toHaveFocus());
    expect(server.looks()).toBe(1);
  });

  it('says why when the look is refused, and does not look again by itself', async () => {
    const error = vi.spyOn(toast, 'error');
    const server = stubServer(() => apiError(403, 'forbidden', 'Only administrators can open this page.'));
    renderApp('/admin/content?type=question');
    const u = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Questions' });
    await u.click(within(list).getAllByRole('button', { name: FAIR_QUEUE_MESSAGES.revealAsker })[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reveal who asked?' });
    await u.click(within(dialog).getByRole('button', { name: FAIR_QUEUE_MESSAGES.revealAsker }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Only administrators can open this page.'));
    expect(server.looks()).toBe(1);
  });
});
