import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlogListResponseSchema,
  BlogPostResponseSchema,
  CONTACT_MESSAGES,
  SitePageResponseSchema,
} from '#shared/schemas/site.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { ORIGIN, signUp, someAddress, type TestPerson, uniqueSuffix } from '../../test/factories.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

function contact(
  payload: unknown,
  { person, address = someAddress() }: { person?: TestPerson; address?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: address,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...(person ? { cookie: person.cookie } : {}) },
    payload: JSON.stringify(payload),
  });
}

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Grace Hopper',
    email: `grace.${uniqueSuffix()}@example.com`,
    topic: 'support',
    message: 'How do I schedule a session?',
    ...overrides,
  };
}

async function storedFor(email: string) {
  return app.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe('blog', () => {
  it('lists the posts newest first, without their text', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/blog' });
    expect(response.statusCode).toBe(200);
    const { posts } = BlogListResponseSchema.parse(response.json());
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.map((post) => post.slug)).toContain('introducing-townhall');
    const dates = posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(posts[0]).not.toHaveProperty('html');
  });

  it('answers one post with its Markdown rendered', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/blog/introducing-townhall' });
    expect(response.statusCode).toBe(200);
    const post = BlogPostResponseSchema.parse(response.json());
    expect(post).toMatchObject({ slug: 'introducing-townhall', title: 'Introducing Townhall', date: '2026-09-15' });
    expect(post.html).toContain('<h2 id="groups-not-feeds">Groups, not feeds</h2>');
  });

  it('answers 404 for an unknown post and 400 for a malformed address', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/blog/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'There is no blog post at this address. It may have been renamed or removed.',
      },
    });

    const malformed = await app.inject({ method: 'GET', url: '/api/blog/Not_A_Slug' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        fields: { 'params.slug': 'A blog post address has only lowercase letters, digits and hyphens' },
      },
    });
  });
});

describe('content pages', () => {
  it('answers each page with its headings for a table of contents', async () => {
    for (const name of ['about', 'support', 'privacy-policy', 'terms-of-service']) {
      const response = await app.inject({ method: 'GET', url: `/api/pages/${name}` });
      expect(response.statusCode, name).toBe(200);
      expect(SitePageResponseSchema.parse(response.json()).name).toBe(name);
    }
    const support = SitePageResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/pages/support' })).json(),
    );
    expect(support.headings).toContainEqual({ id: 'for-hosts', text: 'For hosts', level: 2 });
    expect(support.html).toContain('id="deleting-your-data"');
    const privacy = SitePageResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/pages/privacy-policy' })).json(),
    );
    expect(privacy.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers 404 for a page that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/pages/careers' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'There is no page with this name.' } });
  });
});

describe('OpenAPI', () => {
  it('documents the site routes', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const route of ['/api/blog', '/api/blog/{slug}', '/api/pages/{name}', '/api/contact']) {
      expect(document.paths[route], route).toBeDefined();
    }
  });
});

describe('POST /api/contact', () => {
  it("stores a visitor's message for the administrators", async () => {
    const input = message({ name: '  Grace Hopper ', message: '  How do I schedule a session?\n' });
    const response = await contact(input);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_MESSAGES.sent });
    const rows = await storedFor(input.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Grace Hopper',
      email: input.email,
      topic: 'support',
      message: 'How do I schedule a session?',
      userId: null,
      handledAt: null,
    });
  });

  it('records the account of a signed-in sender', async () => {
    const person = await signUp(app, 'ct');
    const input = message({ topic: 'privacy', email: person.email, message: 'Please delete my account.' });
    expect((await contact(input, { person })).statusCode).toBe(201);
    const rows = await storedFor(person.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: person.id, topic: 'privacy', message: 'Please delete my account.' });
  });

  it('refuses missing and malformed fields with messages a person understands', async () => {
    const empty = await contact({ name: ' ', email: '', topic: 'general', message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'validation_failed',
      fields: {
        'body.name': CONTACT_MESSAGES.nameRequired,
        'body.email': CONTACT_MESSAGES.emailRequired,
        'body.message': CONTACT_MESSAGES.messageRequired,
      },
    });

    const wrong = await contact(message({ email: 'not-an-address', topic: 'sales', message: 'x'.repeat(5001) }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      'body.email': 'Please enter a valid email address.',
      'body.topic': CONTACT_MESSAGES.topicInvalid,
      'body.message': 'Your message can be at most 5,000 characters.',
    });

    const longName = await contact(message({ name: 'n'.repeat(101) }));
    expect(longName.json().error.fields).toEqual({ 'body.name': 'Your name can be at most 100 characters.' });
  });

  it('answers a bot that fills the honeypot as if it worked, and stores nothing', async () => {
    const input = message({ website: 'https://spam.example' });
    const response = await contact(input);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_MESSAGES.sent });
    expect(await storedFor(input.email)).toHaveLength(0);
  });

  it('allows 5 messages an hour from one address, then answers 429', async () => {
    const address = someAddress();
    for (let index = 0; index < 5; index += 1) {
      expect((await contact(message(), { address })).statusCode).toBe(201);
    }
    const input = message();
    const refused = await contact(input, { address });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatchObject({ code: 'too_many_requests' });
    expect(refused.json().error.message).toMatch(/^Too many messages from your network\. Please try again in \d+/);
    expect(await storedFor(input.email)).toHaveLength(0);
  });

  it('allows 5 messages an hour from one account, whatever its address', async () => {
    const person = await signUp(app, 'ct');
    for (let index = 0; index < 5; index += 1) {
      expect((await contact(message(), { person })).statusCode).toBe(201);
    }
    const refused = await contact(message(), { person });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many messages from your account\./);
  });

  it('refuses a message posted from another site', async () => {
    const input = message();
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
    expect(response.statusCode).toBe(403);
    expect(await storedFor(input.email)).toHaveLength(0);
  });
});
