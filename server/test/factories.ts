/**
 * The integration tests' factories: the real app on this run's database, people signed up
 * through the API, and groups, posts, questions and sessions made through the API (as a person
 * would, checking the answer) or written directly (`build…`, for tests that need many rows
 * quickly: the API rate-limits new groups, questions and sessions).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { imageVariantUrl } from '#shared/lib/image-urls.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { GroupResponseSchema, type GroupCreateInput, type GroupSummary } from '#shared/schemas/groups.ts';
import { PostResponseSchema, type Post } from '#shared/schemas/posts.ts';
import { QuestionListResponseSchema, QuestionResponseSchema, type Question } from '#shared/schemas/questions.ts';
import {
  SessionResponseSchema as AmaSessionResponseSchema,
  type AmaSession,
  type SessionInput,
} from '#shared/schemas/sessions.ts';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config/env.ts';
import { amaSessions, groupSubscriptions, groups, images, questions, users } from '../db/schema/index.ts';
import type { NewFollowersMailOptions } from '../features/profiles/new-followers-mail.ts';
import { testConfig, testMailOptions } from './app.ts';

/** The Origin of test apps (PUBLIC_URL): state-changing API calls must carry it. */
export const ORIGIN = 'http://townhall.test';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A built client stand-in: the real index.html source, so meta injection meets the real head. */
function fakeClientRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-client-'));
  fs.copyFileSync(path.join(projectRoot, 'client', 'index.html'), path.join(root, 'index.html'));
  return root;
}

/** The real app on this run's database, with its own queues and, if given, quick follower e-mails. */
export async function buildProfilesApp(
  options: { config?: Partial<AppConfig>; newFollowers?: NewFollowersMailOptions } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.config),
    databaseUrl: inject('databaseUrl'),
    logger: false,
    mail: testMailOptions(),
    clientRoot: fakeClientRoot(),
    ...(options.newFollowers ? { profiles: options.newFollowers } : {}),
  });
  await app.ready();
  return app;
}

let counter = 0;
/** A fresh, unique suffix (lowercase letters and digits). */
export function uniqueSuffix(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/** A different network address for each call, as different people would have. */
export function someAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

// ---------------------------------------------------------------- people

export interface TestPerson {
  id: string;
  email: string;
  username: string;
  cookie: string;
  /** The role sign-up gave: the first account of a database is the administrator. */
  role: 'admin' | 'user';
}

/** Signs a new person up through the API; their username is `${prefix}_<unique>`. */
export async function signUp(app: FastifyInstance, prefix = 'pp'): Promise<TestPerson> {
  const suffix = uniqueSuffix();
  const body = { email: `${prefix}.${suffix}@example.com`, username: `${prefix}_${suffix}`, password: 'a fine secret' };
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounts/sign-up',
    remoteAddress: someAddress(),
    headers: { origin: ORIGIN },
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  const cookie = response.cookies.find((item) => item.name === 'townhall.session_token');
  const user = SessionResponseSchema.parse(response.json()).user;
  if (!user || !cookie) throw new Error('no user after sign-up');
  return {
    id: user.id,
    email: body.email,
    username: body.username.toLowerCase(),
    cookie: `${cookie.name}=${cookie.value}`,
    role: user.role,
  };
}

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

/** An image row as the upload pipeline would leave it; returns its avatar URL. */
export async function storeImage(
  app: FastifyInstance,
  ownerId: string,
  purpose: 'avatar' | 'group' | 'post' = 'avatar',
): Promise<string> {
  const [row] = await app.db
    .insert(images)
    .values({
      ownerId,
      purpose,
      sourceType: 'image/png',
      sourceBytes: 1000,
      width: 400,
      height: 400,
      variants: [{ name: 's384', format: 'webp', width: 384, height: 384, bytes: 500 }],
      storage: 'local',
    })
    .returning({ id: images.id });
  if (!row) throw new Error('no image row');
  return imageVariantUrl(row.id, purpose === 'avatar' ? 's384' : 'w640');
}

/** PATCH /api/users/:id/profile as `person` (or signed out). */
export function patchProfile(app: FastifyInstance, person: TestPerson | null, userId: string, payload: unknown) {
  return call(app, person, 'PATCH', `/api/users/${encodeURIComponent(userId)}/profile`, payload);
}

/** PUT (follow) or DELETE (unfollow) /api/users/:id/follow as `person`. */
export function setFollow(app: FastifyInstance, person: TestPerson | null, userId: string, isFollowing: boolean) {
  return call(app, person, isFollowing ? 'PUT' : 'DELETE', `/api/users/${encodeURIComponent(userId)}/follow`);
}

// ---------------------------------------------------------------- groups

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

/** A group row written directly. Returns its id. */
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

/** A group with one person of each role: host, member, subscriber, guest (signed in, nothing else). */
export interface RoleCast {
  groupId: string;
  host: TestPerson;
  member: TestPerson;
  subscriber: TestPerson;
  guest: TestPerson;
}

/** Makes a group through the API (not ama unless asked) and the people of every role in it. */
export async function castRoles(
  app: FastifyInstance,
  options: { ama?: boolean; questionsNeedApproval?: boolean } = {},
): Promise<RoleCast> {
  const [host, member, subscriber, guest] = await Promise.all([
    signUp(app, 'rh'),
    signUp(app, 'rm'),
    signUp(app, 'rs'),
    signUp(app, 'rg'),
  ]);
  const group = await createGroup(app, host, {
    ama: options.ama ?? false,
    questionsNeedApproval: options.questionsNeedApproval ?? false,
  });
  const added = await call(app, host, 'POST', `/api/groups/${group.id}/members`, { username: member.username });
  expect(added.statusCode, added.body).toBe(201);
  expect((await setSubscription(app, subscriber, group.id, true)).statusCode).toBe(200);
  return { groupId: group.id, host, member, subscriber, guest };
}

/** An ama group with one person of each role. */
export type AmaCast = RoleCast;

/** castRoles for an ama group (unless `ama: false` is given). */
export function buildAmaCast(
  app: FastifyInstance,
  options: { questionsNeedApproval?: boolean; ama?: boolean } = {},
): Promise<AmaCast> {
  return castRoles(app, { ...options, ama: options.ama ?? true });
}

// ---------------------------------------------------------------- posts and questions

/** Posts through the API; fails the test unless it is created. */
export async function createPost(
  app: FastifyInstance,
  person: TestPerson,
  groupId: string,
  input: { body?: string; images?: string[] } = {},
): Promise<Post> {
  const response = await call(app, person, 'POST', `/api/groups/${groupId}/posts`, { body: 'Hello', ...input });
  expect(response.statusCode, response.body).toBe(201);
  return PostResponseSchema.parse(response.json()).post;
}

/** Asks through the API; fails the test unless it is created. */
export async function ask(app: FastifyInstance, person: TestPerson, groupId: string, body: string): Promise<Question> {
  const response = await call(app, person, 'POST', `/api/groups/${groupId}/questions`, { body });
  expect(response.statusCode, response.body).toBe(201);
  return QuestionResponseSchema.parse(response.json()).question;
}

/** A question row written directly (the API allows 30 questions an hour per person). */
export async function buildQuestion(
  app: FastifyInstance,
  values: Pick<typeof questions.$inferInsert, 'groupId' | 'authorId'> & Partial<typeof questions.$inferInsert>,
): Promise<string> {
  const [row] = await app.db
    .insert(questions)
    .values({ body: 'A built question', ...values })
    .returning({ id: questions.id });
  if (!row) throw new Error('no question row');
  return row.id;
}

/** One page of the queue as `person` sees it (query string without '?'). */
export async function listQueue(app: FastifyInstance, person: TestPerson | null, groupId: string, query = '') {
  const response = await call(app, person, 'GET', `/api/groups/${groupId}/questions${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return QuestionListResponseSchema.parse(response.json());
}

// ---------------------------------------------------------------- sessions

/** An hour from now, as ISO. */
export const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

/** Schedules through the API; fails the test unless it is created. */
export async function schedule(
  app: FastifyInstance,
  host: TestPerson,
  groupId: string,
  input: Partial<SessionInput> = {},
): Promise<AmaSession> {
  const response = await call(app, host, 'POST', `/api/groups/${groupId}/sessions`, {
    title: 'Ask me anything',
    description: 'About everything',
    startsAt: inAnHour(),
    durationMinutes: 60,
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return AmaSessionResponseSchema.parse(response.json()).session;
}

/** A session row written directly (scheduling is rate limited and notifies). */
export async function buildSession(
  app: FastifyInstance,
  values: Pick<typeof amaSessions.$inferInsert, 'groupId' | 'hostId'> & Partial<typeof amaSessions.$inferInsert>,
): Promise<string> {
  const [row] = await app.db
    .insert(amaSessions)
    .values({ title: 'Built session', startsAt: new Date(Date.now() + 3_600_000), durationMinutes: 30, ...values })
    .returning({ id: amaSessions.id });
  if (!row) throw new Error('no session row');
  return row.id;
}
