// Calendar feeds in the browser, on a phone: a person gets a private calendar link in the
// settings, copies it, their calendar (here: the context's request and ical.js) reads it, they
// reset it and turn it off; an AMA group's page links to the group's feed.
import ICAL from 'ical.js';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, createGroup, scheduleSession, useBrowser, visit } from './kit.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };

/** The UIDs of a calendar's events, as ical.js reads them. */
function eventUids(text: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event).uid);
}

async function readFeed(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  return { status: response.status(), type: response.headers()['content-type'], text: await response.text() };
}

const host = new URL(baseUrl).host;

describe('calendar feeds', () => {
  it('a person on a phone gets a private link, copies it, reads it, resets it and turns it off', async () => {
    const person = await browser.signedIn('e2e_cal', PHONE);
    const { context, page } = person;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const group = await createGroup(context.request, { name: 'Calendar bakers', ama: true });
    const startsAt = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString();
    const sessionId = await scheduleSession(context.request, group.id, {
      title: 'Rye, spelt; and wheat',
      startsAt,
      durationMinutes: 45,
    });

    await visit(page, '/settings/account');
    const section = page.getByRole('region', { name: 'Calendar' });
    const getLink = section.getByRole('button', { name: 'Get a private link' });
    await getLink.tap();
    const field = section.getByRole('textbox', { name: 'Your private calendar link' });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    const url = await field.inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await section.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      url.replace(/^https?:/, 'webcal:'),
    );
    // nothing sticks out of a phone's screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await section.getByRole('button', { name: 'Copy link' }).tap();
    await page.getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // the calendar app reads the copied address, with no sign-in
    const feed = await readFeed(context.request, url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(eventUids(feed.text)).toEqual([`session-${sessionId}@${host}`]);

    // reset: a confirmation, then a new address in the field, which has the focus; the old one is gone
    await section.getByRole('button', { name: 'Reset link' }).tap();
    const resetDialog = page.getByRole('alertdialog', { name: 'Reset your calendar link?' });
    await resetDialog.getByText('the old one stops working at once').waitFor();
    await resetDialog.getByRole('button', { name: 'Reset link' }).tap();
    await resetDialog.waitFor({ state: 'detached' });
    await expect.poll(() => field.inputValue()).not.toBe(url);
    const newUrl = await field.inputValue();
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await readFeed(context.request, url)).status).toBe(404);
    expect(eventUids((await readFeed(context.request, newUrl)).text)).toEqual([`session-${sessionId}@${host}`]);

    // turn off: back to "Get a private link", which has the focus; the address is gone
    await section.getByRole('button', { name: 'Turn off' }).tap();
    const offDialog = page.getByRole('alertdialog', { name: 'Turn off your calendar link?' });
    await offDialog.getByRole('button', { name: 'Turn off' }).tap();
    await offDialog.waitFor({ state: 'detached' });
    await expect.poll(() => getLink.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await section.getByRole('textbox').count()).toBe(0);
    expect((await readFeed(context.request, newUrl)).status).toBe(404);

    // after a reload the settings say the same
    await page.reload();
    await section.getByRole('button', { name: 'Get a private link' }).waitFor();
  });

  it("an AMA group's page links to its calendar feed, which anyone can read", async () => {
    const hostVisitor = await browser.signedIn('e2e_calhost');
    const group = await createGroup(hostVisitor.context.request, { name: 'Feed bakers', ama: true });
    const sessionId = await scheduleSession(hostVisitor.context.request, group.id, {
      title: 'Open crumb',
      startsAt: new Date(Date.now() + 24 * 60 * 60_000).toISOString(),
      durationMinutes: 30,
    });

    const visitor = await browser.newContext(PHONE);
    await visit(visitor.page, `/group/${group.slug}`);
    const subscribeLink = visitor.page.getByRole('link', { name: 'Subscribe to calendar' });
    expect(await subscribeLink.getAttribute('href')).toBe(`webcal://${host}/group/${group.slug}/calendar.ics`);
    const address = await visitor.page.getByRole('link', { name: 'Feed address (.ics)' }).getAttribute('href');
    expect(address).toBe(`${baseUrl}/group/${group.slug}/calendar.ics`);
    const feed = await readFeed(visitor.context.request, address ?? '');
    expect(feed.status).toBe(200);
    expect(eventUids(feed.text)).toEqual([`session-${sessionId}@${host}`]);
  });
});
