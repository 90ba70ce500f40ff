import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeedResponseSchema } from '#shared/schemas/calendar-feeds.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { perAccount, perAddress } from '../../plugins/rate-limit.ts';
import {
  loadGroupFeed,
  loadPersonalFeed,
  readMyCalendarFeed,
  revokeMyCalendarFeed,
  rotateMyCalendarFeed,
  type CalendarFeed,
} from './feeds.ts';
import { FEED_REFRESH } from './icalendar.ts';
import { CALENDAR_FEED_RATE_RULES } from './rate-rules.ts';

const TAGS = ['calendar'];
const error = ErrorResponseSchema;

/** Texts of the feeds' 404s (plain text: a calendar app shows them, if anything). */
export const CALENDAR_FEED_MESSAGES = {
  noGroup: 'There is no group with this address, so there is no calendar to subscribe to.',
  noFeed: 'This calendar link does not work: it was reset or turned off, or never existed.',
} as const;

const calendarResponse = (description: string) => ({
  description,
  content: {
    'text/calendar': {
      schema: z.string().meta({
        examples: [
          'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Townhall//AMA sessions//EN\r\nCALSCALE:GREGORIAN\r\nX-WR-CALNAME:Bread club (Townhall)\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\nEND:VCALENDAR\r\n',
        ],
      }),
    },
  },
});
const textResponse = (description: string, example: string) => ({
  description,
  content: { 'text/plain': { schema: z.string().meta({ examples: [example] }) } },
});
const feedResponses = (what: string, notFoundText: string) => ({
  200: calendarResponse(`${what} (iCalendar, RFC 5545)`),
  304: z.null().describe('Not modified: the ETag in If-None-Match is the current one'),
  400: error,
  404: textResponse('There is no such feed', notFoundText),
  429: error,
});

/** Whether an If-None-Match header names `etag` (or is `*`); weak tags compare by their value. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends a feed: 200 with its bytes, or 304 when the request's validator matches. If-None-Match
 * wins over If-Modified-Since (RFC 9110 §13.2.2); the latter is honoured only when `trustDates`:
 * a personal feed's set of groups changes with no date to show for it (an unsubscription), so
 * there only the ETag, which is over the bytes, says "unchanged".
 */
function sendFeed(
  request: FastifyRequest,
  reply: FastifyReply,
  feed: CalendarFeed,
  options: { cacheControl: string; trustDates: boolean },
) {
  void reply.header('cache-control', options.cacheControl).header('etag', feed.etag).header('x-robots-tag', 'noindex');
  // HTTP dates have whole seconds: a change in the same second as this answer would carry the same
  // date, so a date of this very second is not sent (Apache's rule), and only the ETag tells.
  const second = (time: number) => Math.floor(time / 1000) * 1000;
  const lastModified =
    feed.lastModified && second(feed.lastModified.getTime()) < second(Date.now()) ? feed.lastModified : null;
  if (lastModified) void reply.header('last-modified', lastModified.toUTCString());
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  let isFresh = false;
  if (ifNoneMatch !== undefined) isFresh = matchesEtag(ifNoneMatch, feed.etag);
  else if (options.trustDates && ifModifiedSince !== undefined && lastModified) {
    const since = Date.parse(ifModifiedSince);
    isFresh = Number.isFinite(since) && second(lastModified.getTime()) <= since;
  }
  if (isFresh) return reply.status(304).send(null);
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `inline; filename="${feed.fileName}.ics"`)
    .send(feed.body);
}

const notFoundText = (reply: FastifyReply, message: string) =>
  reply
    .status(404)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/plain; charset=utf-8')
    .send(message);

/**
 * The calendar feeds: a group's (public, by slug) and a person's (private, by secret token), both
 * outside /api since people paste them into calendar apps, and the API that makes, resets and
 * turns off one's private feed.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;

  app.get(
    '/group/:slug/calendar.ics',
    {
      schema: {
        summary: "A group's calendar feed: its AMA sessions, to subscribe to in a calendar app",
        description:
          `Upcoming sessions and those of the last 90 days, at most 500; a deleted session stays as STATUS:CANCELLED ` +
          `with a higher SEQUENCE until 90 days after its start. Every event has a stable UID, SEQUENCE and ` +
          `LAST-MODIFIED. Calendar apps are asked to read it again every hour (${FEED_REFRESH}). Conditional GET: ` +
          `ETag (If-None-Match) and Last-Modified (If-Modified-Since) answer 304. Every group is public, so the ` +
          `feed shows what a signed-out visitor sees. An unknown group: 404 in plain text.`,
        tags: TAGS,
        security: [],
        params: z.strictObject({ slug: z.string().max(200) }),
        response: feedResponses("The group's sessions", CALENDAR_FEED_MESSAGES.noGroup),
      },
      config: perAddress(CALENDAR_FEED_RATE_RULES.readsPerAddress),
    },
    async (request, reply) => {
      const feed = await loadGroupFeed({ db: app.db, slug: request.params.slug, publicUrl });
      if (!feed) return notFoundText(reply, CALENDAR_FEED_MESSAGES.noGroup);
      return sendFeed(request, reply, feed, { cacheControl: 'public, max-age=300', trustDates: true });
    },
  );

  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        summary: "A person's private calendar feed: the sessions of every group they host, belong to or subscribe to",
        description:
          'The token is the secret of the address (GET /api/me/calendar-feed gives it to its owner); no sign-in, ' +
          'since calendar apps have none. The same window, limit and events as a group feed. Conditional GET by ' +
          'ETag (If-None-Match: 304). A token that was reset or turned off, or never existed: 404 in plain text.',
        tags: TAGS,
        security: [],
        params: z.strictObject({ token: z.string().max(200) }),
        response: feedResponses('The sessions of the owner’s groups', CALENDAR_FEED_MESSAGES.noFeed),
      },
      config: perAddress(CALENDAR_FEED_RATE_RULES.readsPerAddress),
    },
    async (request, reply) => {
      const feed = await loadPersonalFeed({ db: app.db, token: request.params.token, publicUrl });
      if (!feed) return notFoundText(reply, CALENDAR_FEED_MESSAGES.noFeed);
      return sendFeed(request, reply, feed, { cacheControl: 'private, no-cache', trustDates: false });
    },
  );

  app.get(
    '/api/me/calendar-feed',
    {
      schema: {
        summary: "The address of the viewer's private calendar feed (null when they have none)",
        tags: TAGS,
        response: { 200: CalendarFeedResponseSchema, 401: error },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return readMyCalendarFeed({ db: app.db, viewer: request.viewer, publicUrl });
    },
  );

  app.post(
    '/api/me/calendar-feed',
    {
      schema: {
        summary: "Make the viewer's private calendar feed, or reset its address (the old one stops working)",
        description: 'At most 30 an hour.',
        tags: TAGS,
        response: { 200: CalendarFeedResponseSchema, 401: error, 403: error, 429: error },
      },
      config: perAccount(CALENDAR_FEED_RATE_RULES.rotationsPerAccount),
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return rotateMyCalendarFeed({ transaction: app.transaction, viewer: request.viewer, publicUrl });
    },
  );

  app.delete(
    '/api/me/calendar-feed',
    {
      schema: {
        summary: "Turn the viewer's private calendar feed off: its address stops working (idempotent)",
        tags: TAGS,
        response: { 204: z.null().describe('Turned off'), 401: error, 403: error },
      },
    },
    async (request, reply) => {
      await revokeMyCalendarFeed({ transaction: app.transaction, viewer: request.viewer });
      return reply.status(204).send(null);
    },
  );
};
