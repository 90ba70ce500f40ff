import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import {
  GroupAccessSchema,
  GroupListResponseSchema,
  GroupPageResponseSchema,
  GroupResponseSchema,
  SlugAvailabilityResponseSchema,
  type GroupSummary,
} from '#shared/schemas/groups.ts';
import { ProfilePageResponseSchema } from '#shared/schemas/profiles.ts';
import { groups } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  buildGroup,
  call,
  createGroup,
  signUp,
  storeImage,
  type TestPerson,
  uniqueSlug,
} from '../../test/factories.ts';

let app: FastifyInstance;
let host: TestPerson;
let other: TestPerson;
beforeAll(async () => {
  app = await buildTestApp();
  host = await signUp(app, 'gh');
  other = await signUp(app, 'go');
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/groups', () => {
  it('creates a group hosted by the viewer, slug stored trimmed and lowercase', async () => {
    const slug = uniqueSlug('My-Group');
    const image = await storeImage(app, host.id, 'group');
    const response = await call(app, host, 'POST', '/api/groups', {
      name: '  Ask me anything  ',
      slug: `  ${slug}  `,
      description: ' About things ',
      groupImage: image,
      ama: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { group } = GroupResponseSchema.parse(response.json());
    expect(group).toMatchObject({
      slug: slug.toLowerCase(),
      name: 'Ask me anything',
      description: 'About things',
      groupImage: image,
      ama: true,
      ownerId: host.id,
      host: { id: host.id, username: host.username, name: host.username, profileImageURL: '' },
      subscriberCount: 0,
      memberCount: 0,
      likeCount: 0,
      lastActivityAt: null,
    });
  });

  it('answers 401 signed out', async () => {
    const response = await call(app, null, 'POST', '/api/groups', { name: 'x', slug: uniqueSlug() });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'unauthenticated', message: GROUP_MESSAGES.unauthenticated });
  });

  it('refuses reserved slugs, in any case and with spaces around', async () => {
    for (const slug of [' Admin ', 'GROUPS', 'signup']) {
      const response = await call(app, host, 'POST', '/api/groups', { name: 'Reserved', slug });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'validation_failed',
        message: GROUP_MESSAGES.slugNotAvailable,
        fields: { slug: GROUP_MESSAGES.slugNotAvailable },
      });
    }
  });

  it('names every bad field at once', async () => {
    const response = await call(app, host, 'POST', '/api/groups', {
      name: '   ',
      slug: 'a b',
      description: 'x'.repeat(2001),
      groupImage: 'https://elsewhere.example/picture.png',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_failed',
      message: [
        GROUP_MESSAGES.nameEmpty,
        GROUP_MESSAGES.slugCharacters,
        GROUP_MESSAGES.descriptionTooLong,
        GROUP_MESSAGES.imageNotOurs,
      ].join('. '),
      fields: {
        name: GROUP_MESSAGES.nameEmpty,
        slug: GROUP_MESSAGES.slugCharacters,
        description: GROUP_MESSAGES.descriptionTooLong,
        groupImage: GROUP_MESSAGES.imageNotOurs,
      },
    });
    const long = await call(app, host, 'POST', '/api/groups', { name: 'n'.repeat(81), slug: 'é' });
    expect(long.json().error.message).toBe(
      [GROUP_MESSAGES.nameTooLong, GROUP_MESSAGES.slugTooShort, GROUP_MESSAGES.slugCharacters].join('. '),
    );
    expect(long.json().error.fields).toEqual({
      name: GROUP_MESSAGES.nameTooLong,
      slug: `${GROUP_MESSAGES.slugTooShort}. ${GROUP_MESSAGES.slugCharacters}`,
    });
  });

  it('refuses missing fields, wrong types and unknown fields', async () => {
    for (const payload of [{}, { name: 'No slug' }, { slug: uniqueSlug() }, { name: 1, slug: uniqueSlug() }]) {
      const response = await call(app, host, 'POST', '/api/groups', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const extra = await call(app, host, 'POST', '/api/groups', { name: 'x', slug: uniqueSlug(), ownerId: other.id });
    expect(extra.statusCode).toBe(400);
  });

  it("refuses an image that is not the creator's own group upload", async () => {
    const othersImage = await storeImage(app, other.id, 'group');
    const avatar = await storeImage(app, host.id, 'avatar');
    for (const groupImage of [othersImage, avatar, '/media/images/not-an-id/w640.webp']) {
      const response = await call(app, host, 'POST', '/api/groups', { name: 'Pic', slug: uniqueSlug(), groupImage });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ groupImage: GROUP_MESSAGES.imageNotOurs });
    }
  });

  it('refuses a slug another group has, in any case', async () => {
    const slug = uniqueSlug('taken');
    await createGroup(app, host, { slug });
    const response = await call(app, other, 'POST', '/api/groups', { name: 'Copy', slug: ` ${slug.toUpperCase()} ` });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'slug_taken',
      message: GROUP_MESSAGES.slugTaken,
      fields: { slug: GROUP_MESSAGES.slugTaken },
    });
  });

  it('lets two people racing for one slug end with one group', async () => {
    const slug = uniqueSlug('race');
    const answers = await Promise.all(
      [host, other, host, other].map((person) => call(app, person, 'POST', '/api/groups', { name: 'R', slug })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('allows 20 new groups an hour per person', async () => {
    const busy = await signUp(app, 'gbusy');
    for (let index = 0; index < 20; index++) await createGroup(app, busy);
    const response = await call(app, busy, 'POST', '/api/groups', { name: 'One too many', slug: uniqueSlug() });
    expect(response.statusCode).toBe(429);
    expect(response.json().error.message).toMatch(/^Too many new groups\. Please try again in/);
  });

  it('holds the 20 under concurrency, and a refused or failed creation spends nothing', async () => {
    const eager = await signUp(app, 'geager');
    const taken = await createGroup(app, eager);
    // a slug taken: not a new group, so not counted
    const clash = await call(app, eager, 'POST', '/api/groups', { name: 'Clash', slug: taken.slug });
    expect(clash.statusCode).toBe(409);
    const hourBefore = Math.floor(Date.now() / 3_600_000);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        call(app, eager, 'POST', '/api/groups', { name: `Rush ${index}`, slug: uniqueSlug() }),
      ),
    );
    const isSameWindow = Math.floor(Date.now() / 3_600_000) === hourBefore;
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([]);
    const created = statuses.filter((status) => status === 201).length;
    // 20 an hour, one of them made before: exactly 19 more, whatever the interleaving
    if (isSameWindow) expect(created).toBe(19);
    const [owned] = await app.db.select({ n: count() }).from(groups).where(eq(groups.ownerId, eager.id));
    expect(owned?.n).toBe(created + 1);
  });
});

describe('GET /api/groups/slug-availability', () => {
  it('says why a slug is not free, and counts the edited group’s own slug as free', async () => {
    const group = await createGroup(app, host);
    const ask = async (query: string) => {
      const response = await app.inject({ url: `/api/groups/slug-availability?${query}` });
      expect(response.statusCode).toBe(200);
      return SlugAvailabilityResponseSchema.parse(response.json());
    };
    expect(await ask(`slug=${uniqueSlug()}`)).toEqual({ available: true, message: null });
    expect(await ask('slug=%20Admin%20')).toEqual({ available: false, message: GROUP_MESSAGES.slugNotAvailable });
    expect(await ask('slug=ab')).toEqual({ available: false, message: GROUP_MESSAGES.slugTooShort });
    expect(await ask(`slug=${group.slug.toUpperCase()}`)).toEqual({
      available: false,
      message: GROUP_MESSAGES.slugTaken,
    });
    expect(await ask(`slug=${group.slug}&groupId=${group.id}`)).toEqual({ available: true, message: null });
    expect(await ask(`slug=${group.slug}&groupId=nonsense`)).toEqual({
      available: false,
      message: GROUP_MESSAGES.slugTaken,
    });
  });
});

describe('GET /api/group-slugs/:slug and /api/groups/:groupId/access', () => {
  it("finds a group in any case with the viewer's access", async () => {
    const group = await createGroup(app, host);
    const signedOut = await app.inject({ url: `/api/group-slugs/${group.slug.toUpperCase()}` });
    expect(signedOut.statusCode).toBe(200);
    const page = GroupPageResponseSchema.parse(signedOut.json());
    expect(page.group).toEqual(group);
    expect(page.access).toEqual({
      groupId: group.id,
      role: 'unknown',
      canSubscribe: false,
      isSubscribed: false,
      isMember: false,
      isLiked: false,
    });
    const asHost = await call(app, host, 'GET', `/api/group-slugs/${group.slug}`);
    expect(GroupPageResponseSchema.parse(asHost.json()).access).toMatchObject({ role: 'host', canSubscribe: false });
    const asGuest = await call(app, other, 'GET', `/api/groups/${group.id}/access`);
    expect(GroupAccessSchema.parse(asGuest.json())).toMatchObject({ role: 'guest', canSubscribe: true });
  });

  it('answers 404 for a missing group', async () => {
    const bySlug = await app.inject({ url: `/api/group-slugs/${uniqueSlug('none')}` });
    expect(bySlug.statusCode).toBe(404);
    expect(bySlug.json().error.message).toBe('Group not found');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const access = await app.inject({ url: `/api/groups/${id}/access` });
      expect(access.statusCode).toBe(404);
    }
  });
});

describe('PATCH /api/groups/:groupId', () => {
  it('lets the host change fields, checked as at creation', async () => {
    const group = await createGroup(app, host);
    const slug = uniqueSlug('Renamed');
    const response = await call(app, host, 'PATCH', `/api/groups/${group.id}`, {
      name: ' New name ',
      slug,
      ama: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = GroupResponseSchema.parse(response.json()).group;
    expect(updated).toMatchObject({ name: 'New name', slug: slug.toLowerCase(), ama: true, description: '' });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(group.updatedAt));
    // its own slug again, in another case, is no conflict
    const same = await call(app, host, 'PATCH', `/api/groups/${group.id}`, { slug: slug.toUpperCase() });
    expect(same.statusCode).toBe(200);
  });

  it('keeps questionsNeedApproval for ama groups only, false otherwise', async () => {
    const ama = await createGroup(app, host, { ama: true, questionsNeedApproval: true });
    expect(ama).toMatchObject({ ama: true, questionsNeedApproval: true });
    const plain = await createGroup(app, host, { ama: false, questionsNeedApproval: true });
    expect(plain).toMatchObject({ ama: false, questionsNeedApproval: false });
    const byId = await app.inject({ url: `/api/group-slugs/${ama.slug}` });
    expect(GroupPageResponseSchema.parse(byId.json()).group.questionsNeedApproval).toBe(true);

    const off = await call(app, host, 'PATCH', `/api/groups/${ama.id}`, { questionsNeedApproval: false });
    expect(GroupResponseSchema.parse(off.json()).group.questionsNeedApproval).toBe(false);
    const on = await call(app, host, 'PATCH', `/api/groups/${ama.id}`, { questionsNeedApproval: true });
    expect(GroupResponseSchema.parse(on.json()).group.questionsNeedApproval).toBe(true);
    // turning ama off clears it; asking for it on a plain group stores false
    const notAma = await call(app, host, 'PATCH', `/api/groups/${ama.id}`, { ama: false });
    expect(GroupResponseSchema.parse(notAma.json()).group).toMatchObject({ ama: false, questionsNeedApproval: false });
    const ignored = await call(app, host, 'PATCH', `/api/groups/${plain.id}`, { questionsNeedApproval: true });
    expect(GroupResponseSchema.parse(ignored.json()).group.questionsNeedApproval).toBe(false);
    const both = await call(app, host, 'PATCH', `/api/groups/${plain.id}`, { ama: true, questionsNeedApproval: true });
    expect(GroupResponseSchema.parse(both.json()).group).toMatchObject({ ama: true, questionsNeedApproval: true });
  });

  it('refuses bad fields, a taken slug, an empty change, foreign images', async () => {
    const group = await createGroup(app, host);
    const taken = await createGroup(app, other);
    const cases: [unknown, number, string][] = [
      [{ slug: ' Admin ' }, 400, GROUP_MESSAGES.slugNotAvailable],
      [{ name: '' }, 400, GROUP_MESSAGES.nameEmpty],
      [{ slug: taken.slug.toUpperCase() }, 409, GROUP_MESSAGES.slugTaken],
      [{}, 400, GROUP_MESSAGES.invalidData],
      [{ groupImage: await storeImage(app, other.id, 'group') }, 400, GROUP_MESSAGES.imageNotOurs],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call(app, host, 'PATCH', `/api/groups/${group.id}`, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('is for the host alone', async () => {
    const group = await createGroup(app, host);
    const asOther = await call(app, other, 'PATCH', `/api/groups/${group.id}`, { name: 'Mine now' });
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json().error).toEqual({ code: 'forbidden', message: GROUP_MESSAGES.notHost });
    expect((await call(app, null, 'PATCH', `/api/groups/${group.id}`, { name: 'x' })).statusCode).toBe(401);
    const missing = await call(app, host, 'PATCH', '/api/groups/00000000-0000-4000-8000-000000000000', { name: 'x' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/groups/:groupId', () => {
  it('is for the host alone, then the group is gone', async () => {
    const group = await createGroup(app, host);
    expect((await call(app, other, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(403);
    expect((await call(app, null, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(401);
    const deleted = await call(app, host, 'DELETE', `/api/groups/${group.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await app.inject({ url: `/api/group-slugs/${group.slug}` })).statusCode).toBe(404);
    expect((await call(app, host, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(404);
    expect((await call(app, host, 'DELETE', '/api/groups/nonsense')).statusCode).toBe(404);
  });
});

describe('GET /api/groups', () => {
  it('pages newest first and most subscribed first without repeats', async () => {
    const owner = await signUp(app, 'glist');
    const ids: string[] = [];
    for (let index = 0; index < 7; index++)
      ids.push(await buildGroup(app, owner.id, { subscriberCount: 1000 + index }));
    const all = async (sort: string) => {
      const seen: GroupSummary[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ sort, limit: '3', ...(cursor ? { cursor } : {}) });
        const response = await app.inject({ url: `/api/groups?${query}` });
        expect(response.statusCode, response.body).toBe(200);
        const page = GroupListResponseSchema.parse(response.json());
        seen.push(...page.groups);
        cursor = page.nextCursor;
      } while (cursor && seen.length < 60);
      return seen;
    };
    const newest = (await all('newest')).filter((group) => group.ownerId === owner.id);
    expect(newest.map((group) => group.id)).toEqual([...ids].reverse());
    const popular = await all('popular');
    // these are the most subscribed groups of the run
    expect(popular.slice(0, 7).map((group) => group.id)).toEqual([...ids].reverse());
    const counts = popular.map((group) => group.subscriberCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('refuses a cursor of the other order or of nothing', async () => {
    const first = GroupListResponseSchema.parse((await app.inject({ url: '/api/groups?limit=1' })).json());
    expect(first.nextCursor).not.toBeNull();
    for (const url of [`/api/groups?sort=popular&cursor=${first.nextCursor}`, '/api/groups?cursor=nonsense']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'invalid_cursor', message: GROUP_MESSAGES.invalidCursor });
    }
  });
});

describe("a profile's hosted groups", () => {
  it('lists the groups the person owns, newest first, with their slugs', async () => {
    const person = await signUp(app, 'ghost');
    const first = await createGroup(app, person, { name: 'First', ama: true });
    const second = await createGroup(app, person, { name: 'Second' });
    const response = await app.inject({ url: `/api/profiles/${person.username}` });
    expect(response.statusCode).toBe(200);
    expect(ProfilePageResponseSchema.parse(response.json()).hostedGroups).toEqual([
      { id: second.id, slug: second.slug, name: 'Second', groupImage: '', ama: false },
      { id: first.id, slug: first.slug, name: 'First', groupImage: '', ama: true },
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every group route under the groups tag', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    // a group's posts, questions, sessions, ledger, analytics and answer-later list live under its
    // path but belong to their own features
    const groupPaths = Object.entries(document.paths).filter(
      ([path]) =>
        (path.startsWith('/api/groups') &&
          !/\/(posts|questions|sessions|ledger|analytics|analytics\.csv|answer-later)(\/|$)/.test(path)) ||
        path === '/api/me/subscriptions' ||
        path.startsWith('/api/group-slugs/'),
    );
    const operations = groupPaths.flatMap(([, methods]) => Object.values(methods));
    expect(operations).toHaveLength(18);
    for (const operation of operations) {
      expect(operation.tags).toEqual(['groups']);
      expect(operation.summary).toBeTruthy();
    }
  });
});
