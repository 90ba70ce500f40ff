import { hash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeSlug } from '#shared/lib/slug-rules.ts';
import type { CalendarFeedResponse } from '#shared/schemas/calendar-feeds.ts';
import type { Queryable } from '../../db/client.ts';
import { calendarFeedTokens, groups, users } from '../../db/schema/index.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer, type Viewer } from '../../lib/viewer.ts';
import { loadFeedEvents, type FeedEvents } from './events.ts';
import { calendarDocument } from './icalendar.ts';

/** A feed ready to send: its bytes, their ETag and when what it shows last changed. */
export interface CalendarFeed {
  body: string;
  /** A strong ETag over the bytes (quoted). */
  etag: string;
  lastModified: Date | null;
  /** A name for the file, without '.ics'. */
  fileName: string;
}

function feedOf(
  events: FeedEvents,
  options: { publicUrl: string; name: string; description: string; fileName: string },
): CalendarFeed {
  const body = calendarDocument({
    publicUrl: options.publicUrl,
    events: events.events,
    feed: { name: options.name, description: options.description },
  });
  return {
    body,
    etag: `"${hash('sha256', body, 'base64url').slice(0, 32)}"`,
    lastModified: events.lastModified,
    fileName: options.fileName,
  };
}

/** A group's public feed (every group is public: a signed-out visitor sees all its sessions); null when there is no such group. */
export async function loadGroupFeed(options: {
  db: Queryable;
  slug: string;
  publicUrl: string;
  now?: Date;
}): Promise<CalendarFeed | null> {
  const { db, publicUrl } = options;
  const [group] = await db
    .select({ id: groups.id, slug: groups.slug, name: groups.name })
    .from(groups)
    .where(sql`lower(${groups.slug}) = ${normalizeSlug(options.slug)}`)
    .limit(1);
  if (!group) return null;
  const events = await loadFeedEvents(db, sql`select ${group.id}::uuid`, options.now);
  return feedOf(events, {
    publicUrl,
    name: `${group.name} (Townhall)`,
    description: `Live Q&A sessions of ${group.name} on Townhall: ${publicUrl}/group/${group.slug}`,
    fileName: group.slug,
  });
}

/** The shape of a feed token: 32 random bytes in base64url. Anything else is no token (404) without a query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A person's private feed: the sessions of every group they host, are a member of or subscribe
 * to. Null when the token names no feed (revoked, rotated, never made, malformed) or its owner's
 * account is disabled. The token is looked up through its unique index, never compared in JS.
 */
export async function loadPersonalFeed(options: {
  db: Queryable;
  token: string;
  publicUrl: string;
  now?: Date;
}): Promise<CalendarFeed | null> {
  const { db, publicUrl } = options;
  if (!TOKEN.test(options.token)) return null;
  const [owner] = await db
    .select({ userId: calendarFeedTokens.userId })
    .from(calendarFeedTokens)
    .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
    .where(and(eq(calendarFeedTokens.token, options.token), isNull(users.disabledAt)))
    .limit(1);
  if (!owner) return null;
  const { userId } = owner;
  const groupIds = sql`
    select group_id from group_subscriptions where user_id = ${userId}
    union select group_id from group_members where user_id = ${userId}
    union select id from groups where owner_id = ${userId}`;
  const events = await loadFeedEvents(db, groupIds, options.now);
  return feedOf(events, {
    publicUrl,
    name: 'My Townhall sessions',
    description: `Live Q&A sessions of the groups you host, belong to or subscribe to on Townhall: ${publicUrl}`,
    fileName: 'townhall',
  });
}

/** The address of a feed token. */
export const personalFeedUrl = (publicUrl: string, token: string) => `${publicUrl}/calendar/${token}.ics`;

/** The viewer's feed: its address, or nulls when they have none. */
export async function readMyCalendarFeed(options: {
  db: Queryable;
  viewer: Viewer | null;
  publicUrl: string;
}): Promise<CalendarFeedResponse> {
  const viewer = requireViewer(options.viewer);
  const [row] = await options.db
    .select({ token: calendarFeedTokens.token, createdAt: calendarFeedTokens.createdAt })
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, viewer.id));
  return row
    ? { url: personalFeedUrl(options.publicUrl, row.token), createdAt: row.createdAt.toISOString() }
    : { url: null, createdAt: null };
}

/** Makes the viewer's feed, or replaces its token (the old address stops working at once). */
export async function rotateMyCalendarFeed(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  publicUrl: string;
}): Promise<CalendarFeedResponse> {
  const viewer = requireViewer(options.viewer);
  const token = randomBytes(32).toString('base64url');
  const row = await options.transaction(async (tx) => {
    const [saved] = await tx
      .insert(calendarFeedTokens)
      .values({ userId: viewer.id, token })
      .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { token, createdAt: sql`now()` } })
      .returning({ token: calendarFeedTokens.token, createdAt: calendarFeedTokens.createdAt });
    return saved;
  });
  if (!row) throw new Error('no calendar feed token after the upsert');
  return { url: personalFeedUrl(options.publicUrl, row.token), createdAt: row.createdAt.toISOString() };
}

/** Turns the viewer's feed off: its address stops working. Idempotent. */
export async function revokeMyCalendarFeed(options: { transaction: RunInTransaction; viewer: Viewer | null }) {
  const viewer = requireViewer(options.viewer);
  await options.transaction(async (tx) => {
    await tx.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, viewer.id));
  });
}
