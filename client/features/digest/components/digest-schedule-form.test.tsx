import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { apiError, buildProfile, buildSessionUser, json, NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import { DEFAULT_EMAIL_SETTINGS, type EmailSettings } from '#shared/constants/accounts.ts';
import { DIGEST_SCHEDULE_MESSAGES } from '#shared/constants/digest-schedule.ts';
import type { DigestSchedule } from '#shared/schemas/digest-schedule.ts';

/** A server whose person has `settings` and `schedule`; PUT saves unless `refuse` says why not. */
function stubServer(options: { settings?: Partial<EmailSettings>; schedule?: DigestSchedule; refuse?: string } = {}) {
  const settings = { ...DEFAULT_EMAIL_SETTINGS, weeklyDigest: true, ...options.settings };
  let stored: DigestSchedule = options.schedule ?? { weekday: 3, hour: 15, timeZone: 'Asia/Tokyo' };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    if (path === '/api/accounts/session') {
      return json({ user: buildSessionUser(buildProfile({ emailSettings: settings })) });
    }
    if (path === '/api/me/digest-schedule' && (init?.method ?? 'GET') === 'GET') {
      return json({ digestSchedule: stored });
    }
    if (path === '/api/me/digest-schedule' && init?.method === 'PUT') {
      if (options.refuse) return apiError(400, 'invalid_time_zone', options.refuse);
      stored = JSON.parse(String(init.body)) as DigestSchedule;
      return json({ digestSchedule: stored });
    }
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const putBodies = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .filter(([path, init]) => path === '/api/me/digest-schedule' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});
afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

async function openSchedule() {
  renderApp('/settings/notifications');
  const section = await screen.findByRole('region', { name: 'Weekly digest schedule' });
  return { user: userEvent.setup(), section };
}

describe('the weekly digest schedule', () => {
  it('shows the saved day, hour and time zone, labelled for screen readers', async () => {
    stubServer();
    const { section } = await openSchedule();
    const day = await within(section).findByRole('combobox', { name: 'Day' });
    expect(day).toHaveValue('3');
    expect(within(day).getByRole('option', { selected: true })).toHaveTextContent('Wednesday');
    // Monday first, Sunday last
    expect(
      within(day)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const hour = within(section).getByRole('combobox', { name: 'Hour' });
    expect(within(hour).getAllByRole('option')).toHaveLength(24);
    expect(within(hour).getByRole('option', { selected: true })).toHaveTextContent('15:00');
    const zone = within(section).getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Asia/Tokyo');
    expect(within(zone).getByRole('option', { selected: true })).toHaveTextContent('Tokyo');
  });

  it('saves a new day and hour at once, and says so', async () => {
    const fetchMock = stubServer();
    const success = vi.spyOn(toast, 'success');
    const { user, section } = await openSchedule();
    await user.selectOptions(await within(section).findByRole('combobox', { name: 'Day' }), 'Sunday');
    await waitFor(() => expect(putBodies(fetchMock)).toEqual([{ weekday: 0, hour: 15, timeZone: 'Asia/Tokyo' }]));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Digest schedule saved', {
        description: 'Your weekly digest comes on Sundays at 15:00 (Asia/Tokyo).',
      }),
    );
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Hour' }), '07:00');
    await waitFor(() => expect(putBodies(fetchMock).at(-1)).toEqual({ weekday: 0, hour: 7, timeZone: 'Asia/Tokyo' }));
    expect(within(section).getByRole('combobox', { name: 'Hour' })).toHaveValue('7');
  });

  it('picks a time zone from the list', async () => {
    const fetchMock = stubServer();
    const { user, section } = await openSchedule();
    const zone = await within(section).findByRole('combobox', { name: 'Time zone' });
    // grouped by region, each zone named without it
    expect(within(zone).getByRole('group', { name: 'Europe' })).toBeInTheDocument();
    await user.selectOptions(zone, 'Europe/Paris');
    await waitFor(() => expect(putBodies(fetchMock)).toEqual([{ weekday: 3, hour: 15, timeZone: 'Europe/Paris' }]));
  });

  it('puts the value back and shows the reason when the server refuses', async () => {
    stubServer({ refuse: DIGEST_SCHEDULE_MESSAGES.invalidTimeZone });
    const failure = vi.spyOn(toast, 'error');
    const { user, section } = await openSchedule();
    const day = await within(section).findByRole('combobox', { name: 'Day' });
    await user.selectOptions(day, 'Friday');
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(DIGEST_SCHEDULE_MESSAGES.notSaved, {
        description: DIGEST_SCHEDULE_MESSAGES.invalidTimeZone,
      }),
    );
    await waitFor(() => expect(day).toHaveValue('3'));
  });

  it('is disabled, and says why, while the digest is off', async () => {
    const fetchMock = stubServer({ settings: { weeklyDigest: false } });
    const { section } = await openSchedule();
    expect(within(section).getByText('Turn on the weekly digest above to choose when it comes.')).toBeVisible();
    expect(await within(section).findByRole('combobox', { name: 'Day' })).toBeDisabled();
    expect(within(section).getByRole('combobox', { name: 'Hour' })).toBeDisabled();
    expect(within(section).getByRole('combobox', { name: 'Time zone' })).toBeDisabled();
    expect(putBodies(fetchMock)).toEqual([]);
  });
});
