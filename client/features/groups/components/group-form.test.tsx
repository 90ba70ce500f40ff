import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildGroup, buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

import { CAP_FIELD_ERROR, parseCap } from './group-form.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const available = (path: string) =>
  path.startsWith('/api/groups/slug-availability') ? json({ available: true, message: null }) : undefined;

describe('the cap as typed', () => {
  it('is a whole number from 1 to 100, or empty for none', () => {
    expect(parseCap('')).toBeNull();
    expect(parseCap('  ')).toBeNull();
    expect(parseCap('1')).toBe(1);
    expect(parseCap(' 100 ')).toBe(100);
    for (const wrong of ['0', '101', '2.5', '-3', 'three', '1e2']) expect(parseCap(wrong)).toBeUndefined();
  });
});

describe('the live Q&A settings of the group form', () => {
  it('show only for a live Q&A group, refuse a cap out of range in place, and are sent when on', async () => {
    const api = stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/groups' && method === 'POST')
          return json({ group: buildGroup({ slug: 'compilers', ama: true }) }, 201);
        if (path === '/api/group-slugs/compilers') return json(buildGroupPage('host'));
        return available(path);
      },
    });
    renderApp('/create');
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: 'Name' }), 'Compilers');
    expect(screen.queryByRole('switch', { name: 'Anonymous questions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Open questions per person' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('switch', { name: 'Live Q&A (AMA) group' }));

    const cap = screen.getByRole('textbox', { name: 'Open questions per person' });
    await u.type(cap, '0');
    expect(screen.getByText(CAP_FIELD_ERROR)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Create group' }));
    expect(cap).toHaveFocus();
    expect(api.calls('POST', '/api/groups')).toHaveLength(0);

    await u.clear(cap);
    await u.type(cap, '3');
    expect(screen.queryByText(CAP_FIELD_ERROR)).not.toBeInTheDocument();
    await u.click(screen.getByRole('switch', { name: 'Anonymous questions' }));
    await u.click(screen.getByRole('switch', { name: 'Fresh order first' }));
    await u.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(api.calls('POST', '/api/groups')).toEqual([
        {
          name: 'Compilers',
          slug: 'compilers',
          description: '',
          groupImage: '',
          ama: true,
          questionsNeedApproval: false,
          anonymousQuestions: true,
          openQuestionCap: 3,
          freshOrder: true,
        },
      ]),
    );
  });

  it('edit shows the saved settings and sends only what changed; the server’s refusal shows under the cap', async () => {
    const saved = { anonymousQuestions: true, openQuestionCap: 5, freshOrder: false };
    let refuse = true;
    const api = stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/group-slugs/compilers') return json(buildGroupPage('host', saved));
        if (path === '/api/groups/group-1' && method === 'PATCH') {
          if (refuse) {
            refuse = false;
            return json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Too big',
                  fields: { 'body.openQuestionCap': 'Too big' },
                },
              },
              400,
            );
          }
          return json({ group: buildGroup({ ...saved, openQuestionCap: null }) });
        }
        return available(path);
      },
    });
    renderApp('/group/compilers/edit');
    const u = userEvent.setup();
    const cap = await screen.findByRole('textbox', { name: 'Open questions per person' });
    expect(cap).toHaveValue('5');
    expect(screen.getByRole('switch', { name: 'Anonymous questions' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Fresh order first' })).not.toBeChecked();

    await u.clear(cap);
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Too big')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls('PATCH', '/api/groups/group-1')).toHaveLength(2));
    expect(api.calls('PATCH', '/api/groups/group-1')[1]).toEqual({ openQuestionCap: null });
  });
});
