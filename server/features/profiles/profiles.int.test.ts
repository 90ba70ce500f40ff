import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileUpdateResponseSchema, ProfilePageResponseSchema } from '#shared/schemas/profiles.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { updateProfile } from './update-profile.ts';
import {
  buildProfilesApp,
  patchProfile,
  setFollow,
  signUp,
  storeImage,
  type TestPerson,
  uniqueSuffix,
} from '../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildProfilesApp();
});
afterAll(async () => {
  await app?.close();
});

async function rowOf(id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function expectRefused(response: { statusCode: number; json: () => unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect((response.json() as { error: { message: string } }).error.message).toBe(message);
}

/** Changes `person`'s username and returns the stored one. */
async function rename(person: TestPerson, username: string) {
  const response = await patchProfile(app, person, person.id, { username });
  expect(response.statusCode, response.body).toBe(200);
  return ProfileUpdateResponseSchema.parse(response.json()).profile;
}

describe('GET /api/profiles/:username and /api/users/:userId/public-profile', () => {
  it('finds a person by current username in any case, with counts and no private field', async () => {
    const person = await signUp(app);
    const response = await app.inject({ url: `/api/profiles/${person.username.toUpperCase()}` });
    expect(response.statusCode).toBe(200);
    const page = ProfilePageResponseSchema.parse(response.json());
    expect(page).toEqual({
      profile: expect.objectContaining({ id: person.id, username: person.username, followers: 0, following: 0 }),
      viewer: null,
      hostedGroups: [],
    });
    expect(response.body).not.toContain(person.email);
    expect(response.body).not.toContain('emailSettings');

    const byId = await app.inject({ url: `/api/users/${person.id}/public-profile` });
    expect(ProfilePageResponseSchema.parse(byId.json()).profile).toEqual(page.profile);
  });

  it("gives the signed-in viewer's relation: self, following or not", async () => {
    const [ada, bo] = [await signUp(app), await signUp(app)];
    const own = await app.inject({ url: `/api/profiles/${ada.username}`, headers: { cookie: ada.cookie } });
    expect(ProfilePageResponseSchema.parse(own.json()).viewer).toEqual({ isSelf: true, isFollowing: false });
    const before = await app.inject({ url: `/api/profiles/${ada.username}`, headers: { cookie: bo.cookie } });
    expect(ProfilePageResponseSchema.parse(before.json()).viewer).toEqual({ isSelf: false, isFollowing: false });
    expect((await setFollow(app, bo, ada.id, true)).statusCode).toBe(200);
    const after = await app.inject({ url: `/api/users/${ada.id}/public-profile`, headers: { cookie: bo.cookie } });
    const page = ProfilePageResponseSchema.parse(after.json());
    expect(page.viewer).toEqual({ isSelf: false, isFollowing: true });
    expect(page.profile.followers).toBe(1);
  });

  it('finds a person by a former username (the answer names the current one), and 404s an unknown one', async () => {
    const person = await signUp(app);
    const renamed = `new_${uniqueSuffix()}`;
    await rename(person, renamed);
    const old = await app.inject({ url: `/api/profiles/${person.username.toUpperCase()}` });
    expect(ProfilePageResponseSchema.parse(old.json()).profile.username).toBe(renamed);

    await expectRefused(
      await app.inject({ url: `/api/profiles/nobody_${uniqueSuffix()}` }),
      404,
      'User profile not found',
    );
    for (const handle of ['ab', '%E2%98%83%E2%98%83%E2%98%83', 'a'.repeat(65)]) {
      await expectRefused(await app.inject({ url: `/api/profiles/${handle}` }), 404, 'User profile not found');
    }
    // a control character never reaches the lookup: the input guard names it
    const withNul = await app.inject({ url: '/api/profiles/%00abc' });
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json().error.message).toMatch(/control character/);
    await expectRefused(
      await app.inject({ url: `/api/users/nobody${uniqueSuffix()}/public-profile` }),
      404,
      'User profile not found',
    );
    await expectRefused(
      await app.inject({ url: `/api/users/${encodeURIComponent('a b')}/public-profile` }),
      400,
      'Invalid user ID',
    );
  });
});

describe('PATCH /api/users/:userId/profile: who may, and what data', () => {
  let person: TestPerson;
  let other: TestPerson;
  beforeAll(async () => {
    person = await signUp(app);
    other = await signUp(app);
  });

  it('answers "Invalid user ID" for an empty or malformed id', async () => {
    for (const id of [' ', 'a b', 'x'.repeat(101), 'é']) {
      await expectRefused(await patchProfile(app, person, id, { name: 'X' }), 400, 'Invalid user ID');
    }
    const empty = await app.inject({
      method: 'PATCH',
      url: '/api/users//profile',
      headers: { origin: 'http://townhall.test', cookie: person.cookie },
      payload: { name: 'X' },
    });
    await expectRefused(empty, 400, 'Invalid user ID');
  });

  it('needs a signed-in person (401) who owns the profile (403)', async () => {
    await expectRefused(await patchProfile(app, null, person.id, { name: 'X' }), 401, 'User must be authenticated');
    await expectRefused(
      await patchProfile(app, other, person.id, { name: 'Intruder' }),
      403,
      "Unauthorized: Cannot update another user's profile",
    );
    expect((await rowOf(person.id)).name).not.toBe('Intruder');
  });

  it('answers "Invalid update data" for anything but an object of known fields, and stores nothing', async () => {
    const before = await rowOf(person.id);
    for (const payload of [
      [],
      'name',
      null,
      42,
      {},
      { role: 'admin' },
      { name: 'Sneaky', role: 'admin' },
      { name: 'Sneaky', followers: 1000 },
      { name: 5 },
      { username: ['x'] },
      { quote: true },
      { name: null },
    ]) {
      await expectRefused(await patchProfile(app, person, person.id, payload), 400, 'Invalid update data');
    }
    const after = await rowOf(person.id);
    expect(after).toEqual(before);
    expect(after.role).toBe('user');
  });

  it('answers "Profile image URL must be a string" for a non-string image', async () => {
    for (const profileImageURL of [5, null, { url: 'x' }, true]) {
      await expectRefused(
        await patchProfile(app, person, person.id, { profileImageURL }),
        400,
        'Profile image URL must be a string',
      );
    }
  });

  it('answers "User profile not found" when the person is gone', async () => {
    const error = await updateProfile({
      db: app.db,
      rateLimit: app.rateLimit,
      viewer: { id: 'gone12345' },
      userId: 'gone12345',
      changes: { name: 'X' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 404, message: 'User profile not found' });
  });

  it('checks name and quote: trimmed, a name of 1 to 50 characters, a quote of at most 280', async () => {
    await expectRefused(await patchProfile(app, person, person.id, { name: '   ' }), 400, 'Name cannot be empty');
    await expectRefused(
      await patchProfile(app, person, person.id, { name: 'n'.repeat(51) }),
      400,
      'Name must be at most 50 characters',
    );
    await expectRefused(
      await patchProfile(app, person, person.id, { quote: 'q'.repeat(281) }),
      400,
      'Quote must be at most 280 characters',
    );
    const before = await rowOf(person.id);
    const response = await patchProfile(app, person, person.id, {
      name: '  Ada Lovelace ',
      quote: ` ${'q'.repeat(280)} `,
    });
    expect(response.statusCode).toBe(200);
    const { profile } = ProfileUpdateResponseSchema.parse(response.json());
    expect(profile).toMatchObject({ name: 'Ada Lovelace', quote: 'q'.repeat(280), username: person.username });
    expect(new Date(profile.lastTokenUpdate).getTime()).toBeGreaterThan(before.lastTokenUpdate.getTime());
    const again = await patchProfile(app, person, person.id, { quote: '' });
    expect(new Date(ProfileUpdateResponseSchema.parse(again.json()).profile.lastTokenUpdate).getTime()).toBeGreaterThan(
      new Date(profile.lastTokenUpdate).getTime(),
    );
  });

  it("takes '' or an avatar this person uploaded as the image, nothing else", async () => {
    const own = await storeImage(app, person.id);
    const ok = await patchProfile(app, person, person.id, { profileImageURL: own });
    expect(ProfileUpdateResponseSchema.parse(ok.json()).profile.profileImageURL).toBe(own);

    const message = 'Profile image must be an avatar you uploaded to Townhall';
    const othersAvatar = await storeImage(app, other.id);
    const ownPostImage = await storeImage(app, person.id, 'post');
    for (const url of [
      othersAvatar,
      ownPostImage,
      'https://evil.example/me.png',
      'javascript:alert(1)',
      `${own}?x=1`,
      '/media/images/00000000-0000-4000-8000-000000000000/s384.webp',
    ]) {
      await expectRefused(await patchProfile(app, person, person.id, { profileImageURL: url }), 400, message);
    }
    expect((await rowOf(person.id)).profileImageUrl).toBe(own);
    const cleared = await patchProfile(app, person, person.id, { profileImageURL: '' });
    expect(ProfileUpdateResponseSchema.parse(cleared.json()).profile.profileImageURL).toBe('');
  });
});

describe('changing the username', () => {
  it("answers sign-up's format messages, exactly", async () => {
    const person = await signUp(app);
    const cases: [string, string][] = [
      ['ab', 'Username must be at least 3 characters'],
      ['  ab  ', 'Username must be at least 3 characters'],
      [
        'a!',
        'Username must be at least 3 characters. Username can only contain letters, numbers, underscores, and hyphens',
      ],
      ['ada lovelace', 'Username can only contain letters, numbers, underscores, and hyphens'],
      ['ada.l', 'Username can only contain letters, numbers, underscores, and hyphens'],
      // look-alikes: Cyrillic а, Greek ο, a fullwidth letter, an accent
      ['\u0430da_' + uniqueSuffix(), 'Username can only contain letters, numbers, underscores, and hyphens'],
      ['b\u03bfb_' + uniqueSuffix(), 'Username can only contain letters, numbers, underscores, and hyphens'],
      ['\uff41da_' + uniqueSuffix(), 'Username can only contain letters, numbers, underscores, and hyphens'],
      ['jos\u00e9_' + uniqueSuffix(), 'Username can only contain letters, numbers, underscores, and hyphens'],
      ['settings', 'This username is not available'],
      ['Admin', 'This username is not available'],
      ['forgot-password', 'This username is not available'],
      // app pages outside the spec's list: the router test keeps every one reserved
      ['Search', 'This username is not available'],
      ['reset-password', 'This username is not available'],
      ['media', 'This username is not available'],
      ['townhall_help', 'This username is not available'],
      ['u'.repeat(31), 'Username must be at most 30 characters'],
    ];
    for (const [username, message] of cases) {
      await expectRefused(await patchProfile(app, person, person.id, { username }), 400, message);
    }
    const row = await rowOf(person.id);
    expect(row.username).toBe(person.username);
    expect(row.usernameHistory).toEqual([]);
  });

  it('keeps a reserved username that is unchanged (any case), and refuses moving to another', async () => {
    const person = await signUp(app);
    // an account from before the word was reserved (this run's database is fresh, so the word is free)
    const kept = 'support';
    await app.db.update(users).set({ username: kept }).where(eq(users.id, person.id));
    const same = await patchProfile(app, person, person.id, { username: 'SUPPORT', name: 'Help' });
    expect(same.statusCode, same.body).toBe(200);
    expect(ProfileUpdateResponseSchema.parse(same.json()).profile).toMatchObject({
      username: kept,
      usernameHistory: [],
    });
    await expectRefused(
      await patchProfile(app, person, person.id, { username: 'contact' }),
      400,
      'This username is not available',
    );
    // free the word for the next run on the same server
    await rename(person, `freed_${uniqueSuffix()}`);
  });

  it("refuses someone's username in any case, and someone else's former username", async () => {
    const [ada, bo] = [await signUp(app), await signUp(app)];
    await expectRefused(
      await patchProfile(app, bo, bo.id, { username: ada.username.toUpperCase() }),
      400,
      'This username is already taken',
    );
    const adaOld = ada.username;
    await rename(ada, `ada_${uniqueSuffix()}`);
    await expectRefused(
      await patchProfile(app, bo, bo.id, { username: adaOld }),
      400,
      'This username is already taken',
    );
    await expectRefused(
      await patchProfile(app, bo, bo.id, { username: ` ${adaOld.toUpperCase()} ` }),
      400,
      'This username is already taken',
    );
    expect((await rowOf(bo.id)).username).toBe(bo.username);
  });

  it('stores it lowercase, appends each old name once, and allows taking back an old one', async () => {
    const person = await signUp(app);
    const first = person.username;
    const second = `Second_${uniqueSuffix()}`;
    const third = `third_${uniqueSuffix()}`;
    let profile = await rename(person, second);
    expect(profile.username).toBe(second.toLowerCase());
    expect(profile.usernameHistory).toEqual([first]);

    // a change of case only is no change
    profile = await rename(person, second.toUpperCase());
    expect(profile.username).toBe(second.toLowerCase());
    expect(profile.usernameHistory).toEqual([first]);

    profile = await rename(person, third);
    expect(profile.usernameHistory).toEqual([first, second.toLowerCase()]);

    // back to the first: it stays in the history (every former name, in order); third joins
    profile = await rename(person, first.toUpperCase());
    expect(profile.username).toBe(first);
    expect(profile.usernameHistory).toEqual([first, second.toLowerCase(), third]);

    // and to the second again: every name is there already, none twice
    profile = await rename(person, second);
    expect(profile.usernameHistory).toEqual([first, second.toLowerCase(), third]);
    expect((await rowOf(person.id)).usernameHistory).toEqual([first, second.toLowerCase(), third]);
  });

  it('renaming A → B → A keeps A in the history; A resolves as current, B redirects to A', async () => {
    const person = await signUp(app);
    const a = person.username;
    const b = `b_${uniqueSuffix()}`;
    await rename(person, b);
    const profile = await rename(person, a);
    expect(profile.username).toBe(a);
    expect(profile.usernameHistory).toEqual([a, b]);

    // the current name, though also in the history, is the profile itself: no redirect to itself
    const page = await app.inject({ url: `/api/profiles/${a}` });
    expect(ProfilePageResponseSchema.parse(page.json()).profile.username).toBe(a);
    for (const path of [`/${a}`, `/${a.toUpperCase()}`]) {
      const html = await app.inject({ url: path });
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain(`(@${a}) on Townhall`);
    }
    // the name left redirects to the current one
    const former = await app.inject({ url: `/${b}` });
    expect(former.statusCode).toBe(301);
    expect(former.headers.location).toBe(`/${a}`);
    // and both stay claimed against everyone else
    const other = await signUp(app);
    for (const name of [a, b]) {
      await expectRefused(
        await patchProfile(app, other, other.id, { username: name }),
        400,
        'This username is already taken',
      );
    }
  });

  it('lets exactly one of two people who want the same name at once have it', async () => {
    const [ada, bo] = [await signUp(app), await signUp(app)];
    const wanted = `wanted_${uniqueSuffix()}`;
    const answers = await Promise.all([
      patchProfile(app, ada, ada.id, { username: wanted }),
      patchProfile(app, bo, bo.id, { username: wanted.toUpperCase() }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json().error.message).toBe('This username is already taken');
    const owners = await app.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${wanted}`);
    expect(owners).toHaveLength(1);
  });

  it('allows 10 username changes a day, then answers 429; other changes go on', async () => {
    const person = await signUp(app);
    for (let index = 0; index < 10; index++) await rename(person, `n${index}_${uniqueSuffix()}`);
    const refused = await patchProfile(app, person, person.id, { username: `late_${uniqueSuffix()}` });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many username changes today\. Please try again in /);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await patchProfile(app, person, person.id, { name: 'Still me' })).statusCode).toBe(200);
  });
});

describe('profile links: server-rendered pages', () => {
  it('answers /{username} with the title, description and preview tags, escaped', async () => {
    const person = await signUp(app);
    const image = await storeImage(app, person.id);
    const response = await patchProfile(app, person, person.id, {
      name: 'Ada "<script>alert(1)</script>" & Co',
      quote: 'Numbers & <b>poetry</b>, it\'s "all" one',
      profileImageURL: image,
    });
    expect(response.statusCode).toBe(200);

    for (const path of [`/${person.username}`, `/${person.username.toUpperCase()}`]) {
      const page = await app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const html = page.body;
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).not.toContain('<b>poetry</b>');
      expect(html).toContain(
        `<title>Ada &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; Co (@${person.username}) · Townhall</title>`,
      );
      expect(html.match(/<title>/g)).toHaveLength(1);
      const description = 'Numbers &amp; &lt;b&gt;poetry&lt;/b&gt;, it&#39;s &quot;all&quot; one';
      expect(html).toContain(`<meta name="description" content="${description}" />`);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<meta property="og:description" content="${description}" />`);
      expect(html).toContain(`<meta property="og:url" content="http://townhall.test/${person.username}" />`);
      expect(html).toContain(`<link rel="canonical" href="http://townhall.test/${person.username}" />`);
      expect(html).toContain(`<meta property="og:image" content="http://townhall.test${image}" />`);
      expect(html).toContain(`<meta name="twitter:card" content="summary" />`);
      expect(html).toContain(`<meta name="twitter:image" content="http://townhall.test${image}" />`);
      expect(html).toContain('og:title');
      // still the client's page: its root and script
      expect(html).toContain('<div id="root">');
    }
  });

  it("gives a person without a picture the site's preview picture, and describes a person without a quote", async () => {
    const person = await signUp(app);
    const html = (await app.inject({ url: `/${person.username}` })).body;
    expect(html).toContain('<meta property="og:image" content="http://townhall.test/og-image.png" />');
    expect(html).toContain(`content="${person.username} (@${person.username}) on Townhall."`);
  });

  it('redirects (301) from every former username, in any case, keeping the query', async () => {
    const person = await signUp(app);
    const names = [person.username];
    for (let index = 0; index < 4; index++) {
      const next = `hop${index}_${uniqueSuffix()}`;
      await rename(person, next);
      names.push(next);
    }
    const current = names.pop() as string;
    expect(names).toHaveLength(4);
    for (const former of names) {
      for (const path of [`/${former}`, `/${former.toUpperCase()}`]) {
        const response = await app.inject({ url: path });
        expect(response.statusCode).toBe(301);
        expect(response.headers.location).toBe(`/${current}`);
      }
    }
    const withQuery = await app.inject({ url: `/${names[0]}?tab=followers&x=%20y` });
    expect(withQuery.headers.location).toBe(`/${current}?tab=followers&x=%20y`);
    expect((await app.inject({ url: `/${current}` })).statusCode).toBe(200);
  });

  it('redirects /user/{id} to the handle, and 404s an unknown id', async () => {
    const person = await signUp(app);
    const response = await app.inject({ url: `/user/${person.id}?ref=mail` });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/${person.username}?ref=mail`);
    const unknown = await app.inject({ url: `/user/nobody${uniqueSuffix()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Page not found · Townhall</title>');
  });

  it('answers an unknown handle with 404 and the client page titled "Page not found"', async () => {
    for (const path of [`/nobody_${uniqueSuffix()}`, '/x', '/%E2%98%83', '/no.body']) {
      const response = await app.inject({ url: path });
      if (path === '/no.body') {
        // a dot makes it a file path: the JSON 404 of a missing file
        expect(response.statusCode).toBe(404);
        continue;
      }
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>Page not found · Townhall</title>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers HEAD like GET, and lists the routes in the OpenAPI document under "profiles"', async () => {
    const person = await signUp(app);
    const head = await app.inject({ method: 'HEAD', url: `/${person.username}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: `/nobody_${uniqueSuffix()}` })).statusCode).toBe(404);

    const document = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const [path, method] of [
      ['/api/profiles/{username}', 'get'],
      ['/api/users/{userId}/public-profile', 'get'],
      ['/api/users/{userId}/profile', 'patch'],
      ['/api/users/{userId}/follow', 'put'],
      ['/api/users/{userId}/follow', 'delete'],
      ['/api/users/{userId}/followers', 'get'],
      ['/api/users/{userId}/following', 'get'],
    ] as const) {
      expect(document.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['profiles']);
    }
  });

  it('leaves reserved words and the other pages to the client', async () => {
    for (const path of [
      '/',
      '/settings',
      '/settings/profile',
      '/profile',
      '/login',
      '/forgot-password',
      '/reset-password',
      '/search',
    ]) {
      const response = await app.inject({ url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain('<title>Townhall</title>');
    }
  });
});
