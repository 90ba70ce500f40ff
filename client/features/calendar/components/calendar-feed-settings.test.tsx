import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { apiError, buildSessionUser, json, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

import { CALENDAR_FEED_TEXTS as TEXTS } from './calendar-feed-settings.tsx';

const FEED = '/api/me/calendar-feed';
const urlOf = (n: number) => `https://townhall.example/calendar/${String(n).repeat(43).slice(0, 43)}.ics`;

/** A server holding one person's feed: POST makes a new address each time, DELETE clears it. */
function stubServer(options: { failFirstRead?: boolean; refuseFirstPost?: boolean } = {}) {
  let url: string | null = null;
  let made = 0;
  let reads = 0;
  const calls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path === '/api/accounts/session') return json({ user: buildSessionUser() });
    if (path === FEED) {
      calls.push(method);
      if (method === 'GET') {
        reads += 1;
        if (options.failFirstRead && reads === 1) return apiError(503, 'unavailable', 'The database is away.');
        return json({ url, createdAt: url ? '2026-11-27T14:00:00.000Z' : null });
      }
      if (method === 'POST') {
        if (options.refuseFirstPost && made === 0) {
          made = -1;
          return apiError(429, 'rate_limited', 'Too many new calendar links. Please try again in 5 minutes.');
        }
        made = Math.max(made, 0) + 1;
        url = urlOf(made);
        return json({ url, createdAt: '2026-11-27T14:00:00.000Z' });
      }
      if (method === 'DELETE') {
        url = null;
        return new Response(null, { status: 204 });
      }
    }
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.unstubAllGlobals();
});

async function section() {
  return screen.findByRole('region', { name: TEXTS.heading });
}

describe('the Calendar section of the account settings', () => {
  it('gets a private link, copies it, resets it and turns it off, moving the focus along', async () => {
    const { calls } = stubServer();
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => {});
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    // after userEvent.setup(), which puts its own clipboard in place
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/settings/account');

    // empty state
    const region = await section();
    const getLink = await within(region).findByRole('button', { name: TEXTS.getLink });
    expect(within(region).getByText(TEXTS.emptyHint)).toBeInTheDocument();

    // by keyboard: the new link's field gets the focus
    getLink.focus();
    await user.keyboard('{Enter}');
    const field = await within(region).findByRole('textbox', { name: TEXTS.field });
    expect(field).toHaveValue(urlOf(1));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(TEXTS.fieldHint);
    expect(within(region).getByRole('link', { name: TEXTS.addToCalendar })).toHaveAttribute(
      'href',
      urlOf(1).replace('https:', 'webcal:'),
    );

    await user.click(within(region).getByRole('button', { name: TEXTS.copy }));
    expect(writeText).toHaveBeenCalledWith(urlOf(1));
    expect(success).toHaveBeenCalledWith(TEXTS.copied);

    // reset: confirmed in a dialog that says the old link stops working
    await user.click(within(region).getByRole('button', { name: TEXTS.reset }));
    const resetDialog = await screen.findByRole('alertdialog', { name: TEXTS.resetTitle });
    expect(resetDialog).toHaveAccessibleDescription(TEXTS.resetDescription);
    await user.click(within(resetDialog).getByRole('button', { name: TEXTS.reset }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const newField = within(region).getByRole('textbox', { name: TEXTS.field });
    expect(newField).toHaveValue(urlOf(2));
    await waitFor(() => expect(newField).toHaveFocus());
    expect(success).toHaveBeenCalledWith(TEXTS.resetDone);

    // cancel leaves everything as it was
    await user.click(within(region).getByRole('button', { name: TEXTS.turnOff }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: TEXTS.turnOffTitle })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(region).getByRole('textbox', { name: TEXTS.field })).toHaveValue(urlOf(2));
    expect(calls.filter((method) => method === 'DELETE')).toHaveLength(0);

    // turn off: back to the empty state, with the focus on the button that gets a link again
    await user.click(within(region).getByRole('button', { name: TEXTS.turnOff }));
    const offDialog = await screen.findByRole('alertdialog', { name: TEXTS.turnOffTitle });
    await user.click(within(offDialog).getByRole('button', { name: TEXTS.turnOff }));
    const again = await within(region).findByRole('button', { name: TEXTS.getLink });
    await waitFor(() => expect(again).toHaveFocus());
    expect(within(region).queryByRole('textbox')).not.toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(TEXTS.turnedOff);
    expect(calls).toEqual(['GET', 'POST', 'POST', 'DELETE']);
  });

  it('shows a load error with a way to try again', async () => {
    stubServer({ failFirstRead: true });
    const user = userEvent.setup();
    renderApp('/settings/account');
    const region = await section();
    expect(await within(region).findByText(TEXTS.loadFailed)).toBeInTheDocument();
    expect(within(region).getByText('The database is away.')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('button', { name: TEXTS.getLink })).toBeInTheDocument();
  });

  it('says why a link could not be made, and makes one on the next try', async () => {
    stubServer({ refuseFirstPost: true });
    const user = userEvent.setup();
    renderApp('/settings/account');
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: TEXTS.getLink }));
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(TEXTS.failed);
    expect(alert).toHaveTextContent('Too many new calendar links. Please try again in 5 minutes.');
    await user.click(within(region).getByRole('button', { name: TEXTS.getLink }));
    expect(await within(region).findByRole('textbox', { name: TEXTS.field })).toHaveValue(urlOf(1));
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so while it loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input) === '/api/accounts/session' ? json({ user: buildSessionUser() }) : new Promise(() => {}),
      ),
    );
    renderApp('/settings/account');
    const region = await section();
    expect(within(region).getByRole('status')).toHaveTextContent(TEXTS.loading);
  });
});
