import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { imageVariantUrl } from '#shared/lib/image-urls.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { buildApp } from '../../app.ts';
import type { AppConfig } from '../../config/env.ts';
import { images } from '../../db/schema/index.ts';
import { testConfig, testMailOptions } from '../../test/app.ts';
import type { NewFollowersMailOptions } from './new-followers-mail.ts';

/** The Origin of test apps (PUBLIC_URL): state-changing API calls must carry it. */
export const ORIGIN = 'http://townhall.test';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

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

export interface TestPerson {
  id: string;
  email: string;
  username: string;
  cookie: string;
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
  };
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
  return app.inject({
    method: 'PATCH',
    url: `/api/users/${encodeURIComponent(userId)}/profile`,
    headers: { origin: ORIGIN, ...(person ? { cookie: person.cookie } : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/** PUT (follow) or DELETE (unfollow) /api/users/:id/follow as `person`. */
export function setFollow(app: FastifyInstance, person: TestPerson | null, userId: string, isFollowing: boolean) {
  return app.inject({
    method: isFollowing ? 'PUT' : 'DELETE',
    url: `/api/users/${encodeURIComponent(userId)}/follow`,
    headers: { origin: ORIGIN, ...(person ? { cookie: person.cookie } : {}) },
  });
}
