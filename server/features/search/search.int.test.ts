import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PostResponseSchema } from '#shared/schemas/posts.ts';
import {
  SEARCH_MESSAGES,
  SearchResponseSchema,
  SuggestionsResponseSchema,
  type SearchResponse,
} from '#shared/schemas/search.ts';
import type { Queryable } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { groups, posts, questions, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { createSiblingDatabase } from '../../test/test-database.ts';
import { searchPosts, searchQuestions } from './search-content.ts';
import { searchGroups } from './search-groups.ts';
import { searchPeople } from './search-people.ts';
import { searchText } from './search-text.ts';
import { buildGroup, call, signUp, someAddress, type TestPerson, uniqueSuffix } from '../../test/factories.ts';

let app: FastifyInstance;
let host: TestPerson;

/** A GET as a visitor from an address of its own (so the per-address limits stay out of the way). */
function get(url: string, address = someAddress()) {
  return app.inject({ method: 'GET', url, remoteAddress: address });
}

async function search(q: string, type: string, cursor?: string): Promise<SearchResponse> {
  const params = new URLSearchParams({ q, type, ...(cursor ? { cursor } : {}) });
  const response = await get(`/api/search?${params.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return SearchResponseSchema.parse(response.json());
}

async function suggestions(q: string) {
  const response = await get(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return SuggestionsResponseSchema.parse(response.json()).suggestions;
}

/** A person row written directly (a factory: many people quickly). */
async function buildPerson(values: { name: string; username?: string; followers?: number; disabled?: boolean }) {
  const suffix = uniqueSuffix();
  const [row] = await app.db
    .insert(users)
    .values({
      id: `built-${suffix}`,
      name: values.name,
      email: `built.${suffix}@example.com`,
      username: values.username ?? `built_${suffix}`,
      followers: values.followers ?? 0,
      disabledAt: values.disabled ? new Date() : null,
    })
    .returning({ id: users.id, username: users.username });
  if (!row) throw new Error('no user row');
  return row;
}

const ids = (response: SearchResponse) => response.results.map((result) => result.id);

beforeAll(async () => {
  app = await buildTestApp();
  host = await signUp(app, 'sh');
});
afterAll(async () => {
  await app?.close();
});

describe('people', () => {
  it('finds a person by a misspelled name and by a username prefix', async () => {
    const token = uniqueSuffix().replace(/\d/g, '');
    const john = await buildPerson({ name: 'John Smith', username: `jsmith_${token}` });
    const other = await buildPerson({ name: 'Jane Doe' });
    for (const q of ['Jonh Smiht', 'jhon smith', 'John Smith', 'smith']) {
      const found = ids(await search(q, 'people'));
      expect(found, q).toContain(john.id);
      expect(found, q).not.toContain(other.id);
    }
    // 'jhon' alone: the swapped letters still find John
    expect(ids(await search('jhon', 'people'))).toContain(john.id);
    // one and two characters: the start of the username
    expect(ids(await search(`jsmith_${token}`.slice(0, 9), 'people'))).toEqual([john.id]);
    const short = await buildPerson({ name: 'Qx', username: `qx${token}` });
    expect(ids(await search('QX', 'people'))).toContain(short.id);
    const people = await search(`JSMITH_${token}`, 'people');
    expect(people.results[0]).toMatchObject({ id: john.id, username: john.username, name: 'John Smith' });
  });

  it('ranks an exact username first and breaks ties by followers', async () => {
    const token = uniqueSuffix().replace(/\d/g, '').slice(0, 8);
    const quiet = await buildPerson({ name: `Quorra ${token}`, followers: 1 });
    const popular = await buildPerson({ name: `Quorra ${token}`, followers: 50 });
    const exact = await buildPerson({ name: 'Someone else', username: `quorra${token}` });
    const found = ids(await search(`quorra${token}`, 'people'));
    expect(found[0]).toBe(exact.id);
    const byName = ids(await search(`Quorra ${token}`, 'people'));
    expect(byName.indexOf(popular.id)).toBeLessThan(byName.indexOf(quiet.id));
  });

  it('never returns a disabled person', async () => {
    const token = uniqueSuffix().replace(/\d/g, '');
    const disabled = await buildPerson({ name: `Vesper ${token}`, disabled: true });
    const active = await buildPerson({ name: `Vesper ${token}` });
    const found = ids(await search(`Vesper ${token}`, 'people'));
    expect(found).toContain(active.id);
    expect(found).not.toContain(disabled.id);
    expect((await suggestions(`Vesper ${token}`)).map((item) => item.id)).not.toContain(disabled.id);
  });

  it('never returns a person disabled since the same search was answered (cached answers are checked)', async () => {
    const token = uniqueSuffix().replace(/\d/g, '');
    const soon = await buildPerson({ name: `Wrenna ${token}`, followers: 9 });
    const stays = await buildPerson({ name: `Wrenna ${token}`, followers: 1 });
    expect(ids(await search(`Wrenna ${token}`, 'people'))).toEqual([soon.id, stays.id]);
    const suggested = async () => (await suggestions(`Wrenna ${token}`)).map((item) => item.id);
    expect(await suggested()).toEqual([soon.id, stays.id]);
    // someone new is found at once, in rank
    const newcomer = await buildPerson({ name: `Wrenna ${token}`, followers: 5 });
    expect(ids(await search(`Wrenna ${token}`, 'people'))).toEqual([soon.id, newcomer.id, stays.id]);
    expect(await suggested()).toEqual([soon.id, newcomer.id, stays.id]);
    await app.db.delete(users).where(eq(users.id, newcomer.id));
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, soon.id));
    expect(ids(await search(`Wrenna ${token}`, 'people'))).toEqual([stays.id]);
    expect(await suggested()).toEqual([stays.id]);
    await app.db.delete(users).where(eq(users.id, stays.id));
    expect(ids(await search(`Wrenna ${token}`, 'people'))).toEqual([]);
    expect(await suggested()).toEqual([]);
  });

  it('pages 20 at a time without repeats', async () => {
    const token = uniqueSuffix().replace(/\d/g, '').slice(0, 10);
    const made = await Promise.all(
      Array.from({ length: 45 }, (_, index) => buildPerson({ name: `Paging ${token}`, followers: index % 3 })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await search(`paging ${token}`, 'people', cursor);
      sizes.push(page.results.length);
      seen.push(...ids(page));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(made.map((person) => person.id)));
  });
});

describe('groups, questions and posts', () => {
  let groupId: string;
  let slug: string;
  let token: string;
  beforeAll(async () => {
    token = uniqueSuffix().replace(/\d/g, '');
    slug = `kube-${token}`;
    groupId = await buildGroup(app, host.id, {
      slug,
      name: `Kubernetes Operators ${token}`,
      description: 'Helm charts, autoscaling and observability',
      ama: true,
      subscriberCount: 3,
    });
  });

  it('finds a group by its words, a typo, its description and a slug prefix', async () => {
    for (const q of [`Kubernetes Operators ${token}`, `kubernets operatrs ${token}`, `autoscaling ${token}`]) {
      expect(ids(await search(q, 'groups')), q).toContain(groupId);
    }
    const found = await search(slug, 'groups');
    expect(found.results[0]).toMatchObject({
      id: groupId,
      slug,
      ama: true,
      subscriberCount: 3,
      host: { id: host.id, username: host.username },
    });
  });

  it('finds visible questions by words and typos, never hidden or pending ones', async () => {
    const visible = await app.db
      .insert(questions)
      .values({ groupId, authorId: host.id, body: `How do you size the autoscaler ${token} for bursts?`, likeCount: 2 })
      .returning({ id: questions.id });
    const hidden = await app.db
      .insert(questions)
      .values({ groupId, authorId: host.id, body: `Hidden autoscaler ${token} question`, isHidden: true })
      .returning({ id: questions.id });
    const pending = await app.db
      .insert(questions)
      .values({ groupId, authorId: host.id, body: `Pending autoscaler ${token} question`, status: 'pending' })
      .returning({ id: questions.id });
    const visibleId = visible[0]?.id ?? '';
    for (const q of [`autoscaler ${token}`, `autoscalr ${token}`, `${token} autosacler`]) {
      const found = ids(await search(q, 'questions'));
      expect(found, q).toContain(visibleId);
      expect(found, q).not.toContain(hidden[0]?.id);
      expect(found, q).not.toContain(pending[0]?.id);
    }
    const [first] = (await search(`autoscaler ${token}`, 'questions')).results;
    expect(first).toMatchObject({
      id: visibleId,
      groupSlug: slug,
      likeCount: 2,
      isAnswered: false,
      href: `/group/${slug}/question/${visibleId}`,
      author: { id: host.id },
    });
    const suggested = await suggestions(`autoscaler ${token}`);
    expect(suggested.filter((item) => item.type === 'question').map((item) => item.id)).toEqual([visibleId]);
  });

  it('never returns a question hidden or made pending since the same search was answered', async () => {
    const [first, second] = await app.db
      .insert(questions)
      .values([
        { groupId, authorId: host.id, body: `Gardening ${token} tomatoes first`, likeCount: 5 },
        { groupId, authorId: host.id, body: `Gardening ${token} tomatoes second`, likeCount: 1 },
      ])
      .returning({ id: questions.id });
    const q = `gardening ${token}`;
    expect(ids(await search(q, 'questions'))).toEqual([first?.id, second?.id]);
    const suggested = async () =>
      (await suggestions(q)).filter((item) => item.type === 'question').map((item) => item.id);
    expect(await suggested()).toEqual([first?.id, second?.id]);
    await app.db
      .update(questions)
      .set({ isHidden: true })
      .where(eq(questions.id, first?.id ?? ''));
    expect(ids(await search(q, 'questions'))).toEqual([second?.id]);
    expect(await suggested()).toEqual([second?.id]);
    await app.db
      .update(questions)
      .set({ status: 'pending' })
      .where(eq(questions.id, second?.id ?? ''));
    expect(ids(await search(q, 'questions'))).toEqual([]);
    expect(await suggested()).toEqual([]);
  });

  it('finds posts by words and typos, with a link and an excerpt', async () => {
    const body = `Observability notes ${token}: dashboards first. ${'More words here. '.repeat(40)}`;
    const [post] = await app.db
      .insert(posts)
      .values({ groupId, authorId: host.id, body, likeCount: 4 })
      .returning({ id: posts.id });
    for (const q of [`observability ${token}`, `observabilty ${token}`, `dashbaords ${token}`]) {
      expect(ids(await search(q, 'posts')), q).toContain(post?.id);
    }
    const [first] = (await search(`dashboards ${token}`, 'posts')).results;
    expect(first).toMatchObject({
      id: post?.id,
      groupSlug: slug,
      likeCount: 4,
      href: `/group/${slug}/post/${post?.id}`,
    });
    expect(first && 'excerpt' in first ? first.excerpt.length : 0).toBe(300);
  });

  it('reads a misspelled word as the closest words of the lexicon, which edits add to', async () => {
    const isTerm = async (term: string) =>
      (await app.db.execute(sql`select 1 from search_terms where term = ${term}`)).rows.length === 1;
    const created = await call(app, host, 'POST', `/api/groups/${groupId}/posts`, {
      body: `Lantern${token} walk tonight`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const postId = PostResponseSchema.parse(created.json()).post.id;
    expect(await isTerm(`lantern${token}`)).toBe(true);
    expect(await isTerm(`latnern${token}`)).toBe(false);
    expect(ids(await search(`latnern${token} walk`, 'posts'))).toContain(postId);
    // a short word is taken as typed
    expect(ids(await search(`lantern${token} wlak`, 'posts'))).toEqual([]);

    const edited = await call(app, host, 'PATCH', `/api/posts/${postId}`, { body: `Harbour${token} walk tonight` });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await isTerm(`harbour${token}`)).toBe(true);
    expect(ids(await search(`harbuor${token}`, 'posts'))).toContain(postId);
    // the old word stays in the lexicon, but the post no longer has it
    expect(await isTerm(`lantern${token}`)).toBe(true);
    expect(ids(await search(`lantern${token}`, 'posts'))).not.toContain(postId);
  });

  it('forgets the content of a deleted group', async () => {
    const gone = await buildGroup(app, host.id, { name: `Ephemeral ${token}` });
    await app.db.insert(posts).values({ groupId: gone, authorId: host.id, body: `Ephemeral post ${token}` });
    expect((await search(`ephemeral ${token}`, 'posts')).results).toHaveLength(1);
    expect(ids(await search(`ephemeral ${token}`, 'groups'))).toContain(gone);
    await app.db.delete(groups).where(eq(groups.id, gone));
    expect((await search(`ephemeral ${token}`, 'posts')).results).toEqual([]);
    expect(ids(await search(`ephemeral ${token}`, 'groups'))).not.toContain(gone);
  });
});

describe('suggestions', () => {
  it('are capped at 10, people first, then groups, then questions, with links', async () => {
    const token = uniqueSuffix().replace(/\d/g, '').slice(0, 8);
    await Promise.all(Array.from({ length: 15 }, () => buildPerson({ name: `Zephyrine ${token}` })));
    const groupSlug = `zephyrine-${token}`;
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        buildGroup(app, host.id, { name: `Zephyrine ${token} club ${index}`, slug: `${groupSlug}-${index}` }),
      ),
    );
    const list = await suggestions(`zephyrine ${token}`);
    expect(list).toHaveLength(10);
    // 4 of each kind, then people fill the two places questions left
    expect(list.map((item) => item.type)).toEqual([
      ...Array<string>(6).fill('user'),
      ...Array<string>(4).fill('group'),
    ]);
    const person = list[0];
    expect(person?.href).toMatch(/^\/built_/);
    expect(person?.label).toBe(`Zephyrine ${token}`);
    expect(list[6]?.href).toMatch(new RegExp(`^/group/${groupSlug}-\\d$`));

    // When only people match, they fill all ten.
    const alone = uniqueSuffix().replace(/\d/g, '').slice(0, 8);
    await Promise.all(Array.from({ length: 12 }, () => buildPerson({ name: `Ottoline ${alone}` })));
    const people = await suggestions(`ottoline ${alone}`);
    expect(people.map((item) => item.type)).toEqual(Array<string>(10).fill('user'));
  });

  it('answer one character without error', async () => {
    const list = await suggestions('z');
    expect(list.length).toBeLessThanOrEqual(10);
  });
});

describe('bad input', () => {
  it('takes SQL, LIKE and regex characters as plain text', async () => {
    const token = uniqueSuffix().replace(/\d/g, '');
    const odd = await buildPerson({ name: `100% _real_ ${token}` });
    const plain = await buildPerson({ name: `100 real ${token}` });
    for (const q of [
      '%',
      '_',
      '\\',
      "'",
      '(',
      '*',
      '[',
      '$',
      "'; drop table users; --",
      "a%b_c\\d(e*f[g$h'",
      '%%%',
      '(((',
    ]) {
      for (const type of ['people', 'groups', 'questions', 'posts']) await search(q, type);
      await suggestions(q);
    }
    expect(ids(await search(`100% _real_ ${token}`, 'people'))[0]).toBe(odd.id);
    // '%' and '_' are no wildcards: one or two characters match only names that start with them
    const percent = await buildPerson({ name: `%${token}` });
    const underscore = await buildPerson({ name: `_${token}` });
    const letters = await buildPerson({ name: `x${token}` });
    expect(ids(await search('%', 'people'))).toContain(percent.id);
    expect(ids(await search('%', 'people'))).not.toContain(letters.id);
    expect(ids(await search('_', 'people'))).toContain(underscore.id);
    expect(ids(await search('_', 'people'))).not.toContain(letters.id);
    expect(ids(await search('_', 'people'))).not.toContain(plain.id);
  });

  it('answers nothing for an empty query, 400 for a long one, a bad type or a bad cursor', async () => {
    expect(await search('   ', 'people')).toEqual({ type: 'people', results: [], nextCursor: null });
    expect(await suggestions('')).toEqual([]);
    const long = await get(`/api/search/suggestions?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(SEARCH_MESSAGES.queryTooLong);
    expect((await get(`/api/search?q=${'a'.repeat(201)}&type=posts`)).statusCode).toBe(400);
    const type = await get('/api/search?q=x&type=everything');
    expect(type.statusCode).toBe(400);
    expect(type.json().error.message).toContain(SEARCH_MESSAGES.badType);
    for (const cursor of [
      'nonsense',
      Buffer.from('o-5').toString('base64url'),
      Buffer.from('o99999').toString('base64url'),
    ]) {
      const response = await get(`/api/search?q=x&type=people&cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(SEARCH_MESSAGES.badCursor);
    }
  });

  it('limits suggestions per address', async () => {
    const address = someAddress();
    let last = 200;
    for (let index = 0; index < 241 && last === 200; index++) {
      last = (await get('/api/search/suggestions?q=', address)).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('query plans', () => {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createSiblingDatabase(inject('databaseUrl'));
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    // Made-up names and words of random letters, so each is rare and trigrams are as varied as
    // in a real community; a few real ones among them are what the plans below look for.
    const word = (n: string) =>
      `(select string_agg(chr(97 + floor(random() * 26)::int), '') from generate_series(1, 5 + (${n}) % 4 + 0 * i))`;
    // 30,000 people, 15,000 groups, 20,000 posts and 20,000 questions, set-based.
    await pool.query(
      `insert into users (id, name, email, username, followers)
       select 'p' || i, case when i % 5000 = 0 then 'John Smith' else initcap(${word('i * 7')}) || ' ' || initcap(${word('i * 13 + 5')}) end,
              'p' || i || '@example.com', ${word('i * 7')} || '_' || i, i % 500
         from generate_series(1, 30000) as i`,
    );
    await pool.query(
      `insert into groups (slug, name, description, owner_id, subscriber_count)
       select 'g-' || i, case when i % 500 = 0 then 'Coffee circle ' || i else initcap(${word('i * 11')}) || ' ' || ${word('i * 3')} end,
              'All about ' || ${word('i * 17')} || ' and ' || ${word('i * 19')}, 'p' || (1 + i % 30000), i % 97
         from generate_series(1, 15000) as i`,
    );
    for (const table of ['posts', 'questions']) {
      await pool.query(
        `insert into ${table} (group_id, author_id, body, like_count)
         select g.id, 'p' || (1 + i % 30000),
                case when i % 1000 = 0 then 'Kubernetes upgrades, guitar and a budget ' || i
                     else initcap(${word('i * 7')}) || ' ' || ${word('i * 11')} || ' ' || ${word('i * 13')} || ' ' || ${word('i * 29')} || ' ' || i end,
                i % 50
           from generate_series(1, 20000) as i join groups g on g.slug = 'g-' || (1 + i % 15000)`,
      );
    }
    // As autovacuum would: flushes the GIN indexes' pending lists and gathers statistics.
    await pool.query('vacuum analyze users, groups, posts, questions, search_terms');
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  /** The plans of the statements a search function sends (captured through Drizzle's logger). */
  async function plansOf(run: (db: Queryable) => Promise<unknown>): Promise<string[]> {
    const captured: { query: string; params: unknown[] }[] = [];
    const db = drizzle({
      client: pool,
      schema,
      casing: 'snake_case',
      logger: { logQuery: (query, params) => void captured.push({ query, params }) },
    }) as unknown as Queryable;
    await run(db);
    expect(captured.length).toBeGreaterThan(0);
    const plans: string[] = [];
    for (const statement of captured) {
      const result = await pool.query<{ 'QUERY PLAN': string }>(`explain ${statement.query}`, statement.params);
      plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans;
  }

  it.each(['j', 'jo', 'jhon', 'Jonh Smiht', 'maria garcia', "o'%_\\"])(
    'people %j read indexes, no table scan',
    async (q) => {
      const [plan = ''] = await plansOf((db) =>
        searchPeople({ db, text: searchText(q), offset: 0, limit: 21, candidates: 1000 }),
      );
      expect(plan).not.toMatch(/Seq Scan on (users|groups|posts|questions)/);
      // a prefix or trigram index, or (when most names match) the followers index walked in order
      expect(plan).toMatch(/users_(name|username)_(prefix|trgm)_idx|users_followers_idx/);
    },
  );

  it.each(['k', 'ku', 'kubernets', 'coffee circle'])('groups %j read indexes, no table scan', async (q) => {
    const [plan = ''] = await plansOf((db) =>
      searchGroups({ db, text: searchText(q), offset: 0, limit: 21, candidates: 1000 }),
    );
    expect(plan).not.toMatch(/Seq Scan on (users|groups|posts|questions)/);
    expect(plan).toMatch(/groups_(name|slug)_(prefix|trgm)_idx|groups_search_fts_idx|groups_popular_idx/);
  });

  it.each(['kubernets', 'guitar budget', 'ai'])('questions and posts %j read indexes, no table scan', async (q) => {
    const plans = [
      ...(await plansOf((db) => searchQuestions({ db, text: searchText(q), offset: 0, limit: 21, candidates: 1000 }))),
      ...(await plansOf((db) => searchPosts({ db, text: searchText(q), offset: 0, limit: 21, candidates: 1000 }))),
    ];
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on (users|groups|posts|questions)/);
    expect(plans.join('\n')).toMatch(/questions_search_vector_idx/);
    expect(plans.join('\n')).toMatch(/posts_search_vector_idx/);
  });
});
