// The calendar feeds read by a real iCalendar parser (ical.js, as calendar apps and Thunderbird's
// Lightning use it): a group's public feed, a person's private one, and the single session file.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarFeedResponseSchema } from '#shared/schemas/calendar-feeds.ts';
import { calendarFeedTokens, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  buildAmaCast,
  buildGroup,
  buildSession,
  call,
  createGroup,
  schedule,
  setSubscription,
  signUp,
  someAddress,
  type TestPerson,
  uniqueSlug,
} from '../../test/factories.ts';
import { CALENDAR_FEED_RATE_RULES } from './rate-rules.ts';
import { CALENDAR_FEED_MESSAGES } from './routes.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** A time `offset` ms from now, in whole seconds (iCalendar's precision). */
const at = (offset: number) => new Date(Math.floor((Date.now() + offset) / 1000) * 1000);

interface ParsedEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  status: string;
  url: string;
  lastModified: Date;
  dtstamp: Date;
}

/** A calendar parsed by ical.js: the calendar's properties and its events by UID. */
function parseCalendar(text: string) {
  // RFC 5545's lines: CRLF, at most 75 octets each, no bare LF
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  expect(calendar.name).toBe('vcalendar');
  const events = new Map<string, ParsedEvent>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const time = (name: string) => (component.getFirstPropertyValue(name) as ICAL.Time).toJSDate();
    events.set(event.uid, {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      summary: event.summary,
      status: String(component.getFirstPropertyValue('status')),
      url: String(component.getFirstPropertyValue('url')),
      lastModified: time('last-modified'),
      dtstamp: time('dtstamp'),
    });
  }
  return { calendar, events, property: (name: string) => calendar.getFirstPropertyValue(name) };
}

const uidOf = (sessionId: string) => `session-${sessionId}@townhall.test`;

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

async function feedOf(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return { response, ...parseCalendar(response.body) };
}

const groupFeedUrl = (slug: string) => `/group/${slug}/calendar.ics`;

/** The path of a personal feed's address (`http://townhall.test/calendar/….ics`). */
const pathOf = (url: string | null) => {
  expect(url).toMatch(/^http:\/\/townhall\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url ?? '').pathname;
};

async function makeFeed(person: TestPerson): Promise<string> {
  const response = await call(app, person, 'POST', '/api/me/calendar-feed');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return pathOf(CalendarFeedResponseSchema.parse(response.json()).url);
}

describe("a group's feed", () => {
  it('lists its sessions with stable UIDs, SEQUENCE, LAST-MODIFIED and URL, named and refreshed hourly', async () => {
    const host = await signUp(app, 'ch');
    const { id: groupId, slug, name } = await createGroup(app, host, { ama: true, name: 'Bread, club; and more' });
    const first = await schedule(app, host, groupId, {
      title: 'Bread, butter; and \\ jam',
      description: `Line one\nLine two ${'é'.repeat(50)}`,
      startsAt: at(2 * DAY).toISOString(),
      durationMinutes: 45,
    });
    const second = await schedule(app, host, groupId, { startsAt: at(3 * DAY).toISOString() });
    const other = await buildAmaCast(app);
    const elsewhere = await schedule(app, other.host, other.groupId, { startsAt: at(2 * DAY).toISOString() });

    const { response, events, property } = await feedOf(groupFeedUrl(slug.toUpperCase()));
    // ical.js knows neither RFC 7986's NAME nor X-WR-CALNAME, so it leaves them as written: escaped TEXT
    expect(name).toBe('Bread, club; and more');
    expect(property('name')).toBe('Bread\\, club\\; and more (Townhall)');
    expect(property('x-wr-calname')).toBe('Bread\\, club\\; and more (Townhall)');
    expect(property('x-published-ttl')).toBe('PT1H');
    expect(response.body).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    expect(property('method')).toBeNull();
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');

    expect([...events.keys()].sort()).toEqual([uidOf(first.id), uidOf(second.id)].sort());
    expect(events.has(uidOf(elsewhere.id))).toBe(false);
    const event = events.get(uidOf(first.id));
    expect(event).toMatchObject({
      sequence: 0,
      summary: 'Bread, butter; and \\ jam',
      status: 'CONFIRMED',
      url: `http://townhall.test/event/${first.id}`,
    });
    expect(event?.start.toISOString()).toBe(first.startsAt);
    expect(event?.end.getTime()).toBe(new Date(first.startsAt).getTime() + 45 * 60_000);
    // a feed has no METHOD, so DTSTAMP is the event's last revision: the same bytes until it changes
    expect(event?.dtstamp.getTime()).toBe(event?.lastModified.getTime());

    // HEAD, as some calendar apps ask first: the headers without the body
    const head = await app.inject({ method: 'HEAD', url: groupFeedUrl(slug) });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(response.headers.etag);

    // the same for everyone: signed in as its host, it is byte for byte what a visitor reads
    const asHost = await call(app, host, 'GET', groupFeedUrl(slug));
    expect(asHost.body).toBe(response.body);
  });

  it('gives a moved session a higher SEQUENCE, its new time and a later LAST-MODIFIED, and a new ETag', async () => {
    const host = await signUp(app, 'ch');
    // the group and its session last revised hours ago (direct inserts: the trigger only runs on updates)
    const slug = uniqueSlug('cal');
    const groupId = await buildGroup(app, host.id, { slug, ama: true, updatedAt: at(-3 * HOUR) });
    const group = { id: groupId, slug };
    const cast = { host };
    const sessionId = await buildSession(app, {
      groupId: group.id,
      hostId: cast.host.id,
      title: 'Sourdough hour',
      startsAt: at(DAY),
      calendarChangedAt: at(-2 * HOUR),
    });
    const before = await feedOf(groupFeedUrl(group.slug));
    const old = before.events.get(uidOf(sessionId));
    expect(old?.sequence).toBe(0);
    const etag = String(before.response.headers.etag);
    const lastModified = String(before.response.headers['last-modified']);

    // unchanged: 304 by ETag, and by date
    const cached = await get(groupFeedUrl(group.slug), { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    expect((await get(groupFeedUrl(group.slug), { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(groupFeedUrl(group.slug), { 'if-modified-since': lastModified })).statusCode).toBe(304);

    const newStart = at(2 * DAY + HOUR);
    newStart.setUTCMilliseconds(0);
    const moved = await call(app, cast.host, 'PATCH', `/api/sessions/${sessionId}`, {
      startsAt: newStart.toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const after = await feedOf(groupFeedUrl(group.slug));
    const now = after.events.get(uidOf(sessionId));
    expect(now?.sequence).toBe(1);
    expect(now?.start.toISOString()).toBe(newStart.toISOString());
    expect(now?.lastModified.getTime()).toBeGreaterThan(old?.lastModified.getTime() ?? Infinity);
    expect(after.response.headers.etag).not.toBe(etag);
    const refetched = await get(groupFeedUrl(group.slug), { 'if-none-match': etag });
    expect(refetched.statusCode).toBe(200);
    // the old date no longer matches (a date of this very second is not even given: HTTP dates have whole seconds)
    expect((await get(groupFeedUrl(group.slug), { 'if-modified-since': lastModified })).statusCode).toBe(200);

    // a change a calendar does not show (starting it) leaves the event as it was
    expect((await call(app, cast.host, 'POST', `/api/sessions/${sessionId}/start`)).statusCode).toBe(200);
    const started = await feedOf(groupFeedUrl(group.slug));
    expect(started.response.body).toBe(after.response.body);
    expect(
      (await get(groupFeedUrl(group.slug), { 'if-none-match': String(after.response.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it('cancels a deleted session with a higher SEQUENCE, and leaves out sessions older than 90 days', async () => {
    const cast = await buildAmaCast(app);
    const group = await createGroup(app, cast.host, { ama: true });
    const doomed = await schedule(app, cast.host, group.id, {
      title: 'Cancelled one',
      startsAt: at(DAY).toISOString(),
    });
    await call(app, cast.host, 'PATCH', `/api/sessions/${doomed.id}`, { title: 'Renamed once' });
    const recent = await buildSession(app, { groupId: group.id, hostId: cast.host.id, startsAt: at(-80 * DAY) });
    const old = await buildSession(app, { groupId: group.id, hostId: cast.host.id, startsAt: at(-100 * DAY) });

    const before = await feedOf(groupFeedUrl(group.slug));
    expect(before.events.get(uidOf(doomed.id))?.sequence).toBe(1);
    expect(before.events.has(uidOf(recent))).toBe(true);
    expect(before.events.has(uidOf(old))).toBe(false);

    expect((await call(app, cast.host, 'DELETE', `/api/sessions/${doomed.id}`)).statusCode).toBe(204);
    const after = await feedOf(groupFeedUrl(group.slug));
    const cancelled = after.events.get(uidOf(doomed.id));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', sequence: 2, summary: 'Cancelled: Renamed once' });
    expect(cancelled?.start.getTime()).toBe(before.events.get(uidOf(doomed.id))?.start.getTime());
    expect(after.response.headers.etag).not.toBe(before.response.headers.etag);
    // the single file of a deleted session is gone
    expect((await get(`/api/sessions/${doomed.id}/calendar.ics`)).statusCode).toBe(404);
  });

  it('answers an unknown group with a plain-text 404, and hostile slugs with a 4xx', async () => {
    const response = await get(groupFeedUrl('no-such-group-anywhere'));
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(CALENDAR_FEED_MESSAGES.noGroup);
    for (const slug of ['%00', '..', '%2e%2e', `${'a'.repeat(10_000)}`, "x'%20or%201=1--", '%F0%9F%8D%9E', '%ZZ']) {
      const hostile = await get(groupFeedUrl(slug));
      expect(hostile.statusCode, slug).toBeGreaterThanOrEqual(400);
      expect(hostile.statusCode, slug).toBeLessThan(500);
    }
  });

  it('limits the reads of one address, with a sentence', async () => {
    const host = await signUp(app, 'ch');
    const group = await createGroup(app, host);
    const remoteAddress = someAddress();
    const read = () => app.inject({ method: 'GET', url: groupFeedUrl(group.slug), remoteAddress });
    for (let count = 0; count < CALENDAR_FEED_RATE_RULES.readsPerAddress.limit; count += 1) {
      expect((await read()).statusCode).toBe(200);
    }
    const refused = await read();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((refused.json() as { error: { message: string } }).error.message).toMatch(
      /^Too many calendar feed reads\. Please try again in /,
    );
    // another address reads on
    expect((await get(groupFeedUrl(group.slug))).statusCode).toBe(200);
  });

  it('is an empty calendar for a group without sessions', async () => {
    const host = await signUp(app, 'ch');
    const group = await createGroup(app, host);
    const { events, response } = await feedOf(groupFeedUrl(group.slug));
    expect(events.size).toBe(0);
    expect(response.headers['last-modified']).toBeUndefined();
  });
});

describe("a person's private feed", () => {
  it('holds the sessions of the groups they subscribe to, belong to and host, and no others', async () => {
    const subscribed = await buildAmaCast(app);
    const belongs = await buildAmaCast(app);
    const unrelated = await buildAmaCast(app);
    // subscribed.subscriber subscribes to one, is a member of another and hosts a third
    const person = subscribed.subscriber;
    const added = await call(app, belongs.host, 'POST', `/api/groups/${belongs.groupId}/members`, {
      username: person.username,
    });
    expect(added.statusCode, added.body).toBe(201);
    const own = await createGroup(app, person, { ama: true });
    const sessions = {
      subscribed: await schedule(app, subscribed.host, subscribed.groupId),
      belongs: await schedule(app, belongs.host, belongs.groupId),
      own: await schedule(app, person, own.id),
      unrelated: await schedule(app, unrelated.host, unrelated.groupId),
    };

    const path = await makeFeed(person);
    const feed = await feedOf(path);
    expect(feed.response.headers['cache-control']).toBe('private, no-cache');
    expect(feed.response.headers['x-robots-tag']).toBe('noindex');
    expect(feed.property('x-wr-calname')).toBe('My Townhall sessions');
    expect([...feed.events.keys()].sort()).toEqual(
      [sessions.subscribed.id, sessions.belongs.id, sessions.own.id].map(uidOf).sort(),
    );
    // a session's UID is the one its group's feed and its own file give it
    const single = await get(`/api/sessions/${sessions.own.id}/calendar.ics`);
    expect(single.statusCode).toBe(200);
    const file = parseCalendar(single.body);
    expect(file.property('method')).toBe('PUBLISH');
    expect(file.events.get(uidOf(sessions.own.id))).toMatchObject({ sequence: 0, status: 'CONFIRMED' });

    // 304 by ETag; If-Modified-Since alone is not trusted here (an unsubscription has no date)
    const etag = String(feed.response.headers.etag);
    expect((await get(path, { 'if-none-match': etag })).statusCode).toBe(304);
    const lastModified = String(feed.response.headers['last-modified']);
    expect((await get(path, { 'if-modified-since': lastModified })).statusCode).toBe(200);

    // unsubscribing takes that group's sessions out, and the ETag changes with them
    expect((await setSubscription(app, person, subscribed.groupId, false)).statusCode).toBe(200);
    const after = await feedOf(path);
    expect(after.events.has(uidOf(sessions.subscribed.id))).toBe(false);
    expect(after.events.size).toBe(2);
    expect((await get(path, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('is made, read back, reset (the old address 404s) and turned off by its owner alone', async () => {
    const [owner, other] = await Promise.all([signUp(app, 'co'), signUp(app, 'cx')]);
    const empty = await call(app, owner, 'GET', '/api/me/calendar-feed');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ url: null, createdAt: null });
    expect(empty.headers['cache-control']).toBe('no-store');

    const first = await makeFeed(owner);
    const read = CalendarFeedResponseSchema.parse((await call(app, owner, 'GET', '/api/me/calendar-feed')).json());
    expect(pathOf(read.url)).toBe(first);
    expect(Date.parse(read.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(first)).statusCode).toBe(200);

    // another person's calls touch only their own feed
    const theirs = await makeFeed(other);
    expect(theirs).not.toBe(first);
    expect((await call(app, other, 'DELETE', '/api/me/calendar-feed')).statusCode).toBe(204);
    expect((await get(theirs)).statusCode).toBe(404);
    expect((await get(first)).statusCode).toBe(200);
    const otherRead = CalendarFeedResponseSchema.parse((await call(app, other, 'GET', '/api/me/calendar-feed')).json());
    expect(otherRead.url).toBeNull();

    // reset: a new address, and the old one stops working at once
    const second = await makeFeed(owner);
    expect(second).not.toBe(first);
    const gone = await get(first);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(gone.body).toBe(CALENDAR_FEED_MESSAGES.noFeed);
    expect((await get(second)).statusCode).toBe(200);
    const rows = await app.db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, owner.id));
    expect(rows).toHaveLength(1);

    // turned off: 404, and nothing left to read back; turning off again is fine
    expect((await call(app, owner, 'DELETE', '/api/me/calendar-feed')).statusCode).toBe(204);
    expect((await get(second)).statusCode).toBe(404);
    expect((await call(app, owner, 'GET', '/api/me/calendar-feed')).json()).toEqual({ url: null, createdAt: null });
    expect((await call(app, owner, 'DELETE', '/api/me/calendar-feed')).statusCode).toBe(204);
  });

  it('refuses signed-out callers and other sites, and stops working for a disabled account', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await call(app, null, method, '/api/me/calendar-feed');
      expect(response.statusCode, method).toBe(401);
    }
    const person = await signUp(app, 'cz');
    const path = await makeFeed(person);
    for (const method of ['POST', 'DELETE'] as const) {
      const forged = await app.inject({
        method,
        url: '/api/me/calendar-feed',
        headers: { origin: 'https://evil.example', cookie: person.cookie },
      });
      expect(forged.statusCode, method).toBe(403);
    }
    expect((await get(path)).statusCode).toBe(200);
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, person.id));
    expect((await get(path)).statusCode).toBe(404);
  });

  it('answers hostile and unknown tokens with a 4xx, never a 5xx', async () => {
    const unknown = `/calendar/${'A'.repeat(43)}.ics`;
    expect((await get(unknown)).statusCode).toBe(404);
    const hostile = [
      '%00',
      `${'A'.repeat(42)}%00`,
      '..',
      '%2e%2e',
      '..%2f..%2fetc%2fpasswd',
      'A'.repeat(10_000),
      "'%20or%20'1'='1",
      '%F0%9F%93%85',
      '%ZZ',
      '',
    ];
    for (const token of hostile) {
      const response = await get(`/calendar/${token}.ics`);
      expect(response.statusCode, token.slice(0, 50)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, token.slice(0, 50)).toBeLessThan(500);
    }
    // a well-formed token that names nothing: the plain-text 404
    const response = await get(unknown);
    expect(response.body).toBe(CALENDAR_FEED_MESSAGES.noFeed);
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });
});
