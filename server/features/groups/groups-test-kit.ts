import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { GroupResponseSchema, type GroupCreateInput, type GroupSummary } from '#shared/schemas/groups.ts';
import { groupSubscriptions, groups, users } from '../../db/schema/index.ts';
import { ORIGIN, uniqueSuffix, type TestPerson } from '../profiles/profiles-test-kit.ts';

export { ORIGIN, signUp, storeImage, uniqueSuffix, type TestPerson } from '../profiles/profiles-test-kit.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call as `person` (or signed out), with the same-site Origin state changes need. */
export function call(app: FastifyInstance, person: TestPerson | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      ...(person ? { cookie: person.cookie } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

/** A unique slug: `${prefix}-<unique>`. */
export function uniqueSlug(prefix = 'grp'): string {
  return `${prefix}-${uniqueSuffix()}`;
}

/** Creates a group through the API as `host`; fails the test unless it is created. */
export async function createGroup(
  app: FastifyInstance,
  host: TestPerson,
  input: Partial<GroupCreateInput> = {},
): Promise<GroupSummary> {
  const response = await call(app, host, 'POST', '/api/groups', {
    name: 'A group',
    slug: uniqueSlug(),
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return GroupResponseSchema.parse(response.json()).group;
}

/**
 * A group row written directly (a factory, for tests that need many groups quickly: the API
 * allows 20 new groups an hour per person). Returns its id.
 */
export async function buildGroup(
  app: FastifyInstance,
  ownerId: string,
  values: Partial<typeof groups.$inferInsert> = {},
): Promise<string> {
  const [row] = await app.db
    .insert(groups)
    .values({ slug: uniqueSlug('built'), name: 'Built group', ownerId, ...values })
    .returning({ id: groups.id });
  if (!row) throw new Error('no group row');
  return row.id;
}

/** Subscribes (PUT) or unsubscribes (DELETE) `person`. */
export function setSubscription(
  app: FastifyInstance,
  person: TestPerson | null,
  groupId: string,
  isSubscribed: boolean,
) {
  return call(app, person, isSubscribed ? 'PUT' : 'DELETE', `/api/groups/${groupId}/subscription`);
}

/** Checks a person's `subscribing` counter against their subscription rows; returns the count. */
export async function expectSubscribingMatchesRows(app: FastifyInstance, userId: string): Promise<number> {
  const [stored] = await app.db.select({ n: users.subscribing }).from(users).where(eq(users.id, userId));
  const [rows] = await app.db
    .select({ n: count() })
    .from(groupSubscriptions)
    .where(eq(groupSubscriptions.userId, userId));
  expect(stored?.n).toBe(rows?.n);
  return rows?.n ?? -1;
}

/** Checks a group's `subscriberCount` against its subscription rows; returns the count. */
export async function expectSubscriberCountMatchesRows(app: FastifyInstance, groupId: string): Promise<number> {
  const [stored] = await app.db.select({ n: groups.subscriberCount }).from(groups).where(eq(groups.id, groupId));
  const [rows] = await app.db
    .select({ n: count() })
    .from(groupSubscriptions)
    .where(eq(groupSubscriptions.groupId, groupId));
  expect(stored?.n).toBe(rows?.n);
  return rows?.n ?? -1;
}
