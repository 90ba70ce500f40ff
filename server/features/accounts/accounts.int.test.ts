import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS } from '#shared/constants/accounts.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { accounts, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

let counter = 0;
/** A unique, valid sign-up. */
function newPerson() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `Person.${id}@Example.com`, username: `Person_${id}`, password: 'correct horse battery' };
}

async function signUp(body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/accounts/sign-up', payload: body });
}

function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((item) => item.name === 'townhall.session_token');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

async function currentUser(cookie?: string) {
  const response = await app.inject({ method: 'GET', url: '/api/accounts/session', headers: cookie ? { cookie } : {} });
  return SessionResponseSchema.parse(response.json()).user;
}

describe('sign-up with e-mail and password', () => {
  it('creates the account and the profile with the spec defaults, and signs in', async () => {
    const person = newPerson();
    const response = await signUp(person);
    expect(response.statusCode).toBe(201);
    const { user } = SessionResponseSchema.parse(response.json());
    expect(user?.email).toBe(person.email.toLowerCase());
    expect(user?.profile).toMatchObject({
      email: person.email.toLowerCase(),
      username: person.username.toLowerCase(),
      name: person.username.toLowerCase(),
      usernameHistory: [],
      followers: 0,
      following: 0,
      subscribing: 0,
      quote: '',
      profileImageURL: '',
      emailSettings: DEFAULT_EMAIL_SETTINGS,
    });

    const cookie = response.cookies.find((item) => item.name === 'townhall.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await currentUser(sessionCookie(response)))?.id).toBe(user?.id);
  });

  it('hashes the password with argon2id at the OWASP parameters', async () => {
    const person = newPerson();
    const { user } = SessionResponseSchema.parse((await signUp(person)).json());
    const [account] = await app.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ''));
    expect(account?.providerId).toBe('credential');
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$/);
    expect(account?.password?.split('$')[3]?.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
  });

  it('answers every failing pre-signup check, joined with ". "', async () => {
    const response = await signUp({ email: 'no-at-sign', username: 'a!', password: 'correct horse battery' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Valid email is required. Username must be at least 3 characters. Username can only contain letters, numbers, underscores, and hyphens',
    );
  });

  it('refuses reserved and staff-like usernames', async () => {
    for (const username of ['admin', 'Settings', 'moderator', 'townhall_team']) {
      const response = await signUp({ ...newPerson(), username });
      expect(response.json().error.message).toBe('This username is not available');
    }
  });

  it('refuses a registered e-mail and a taken username in any case, both at once', async () => {
    const first = newPerson();
    expect((await signUp(first)).statusCode).toBe(201);
    const again = await signUp({ ...newPerson(), email: first.email.toUpperCase() });
    expect(again.json().error.message).toBe('This email is already registered');
    const sameName = await signUp({ ...newPerson(), username: first.username.toUpperCase() });
    expect(sameName.json().error.message).toBe('This username is already taken');
    const both = await signUp({ ...first, password: 'another good one' });
    expect(both.json().error.message).toBe('This email is already registered. This username is already taken');
  });

  it('refuses a short password and a common one', async () => {
    const short = await signUp({ ...newPerson(), password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password should be at least 6 characters.');
    const common = await signUp({ ...newPerson(), password: 'Password1' });
    expect(common.json().error.message).toBe('This password is too common');
  });

  it('refuses fields a client may not set, and stores nothing', async () => {
    const person = newPerson();
    const response = await signUp({ ...person, followers: 1000, role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['body.followers', 'body.role']);
    const rows = await app.db.select().from(users).where(eq(users.email, person.email.toLowerCase()));
    expect(rows).toEqual([]);
  });

  it('lets exactly one of two simultaneous sign-ups take a username', async () => {
    const name = newPerson().username;
    const results = await Promise.all([
      signUp({ ...newPerson(), username: name }),
      signUp({ ...newPerson(), username: name.toUpperCase() }),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 400]);
    const refused = results.find((result) => result.statusCode === 400);
    expect(refused?.json().error.message).toBe('This username is already taken');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with a new session token each time, and refuses a wrong password', async () => {
    const person = newPerson();
    const signedUp = await signUp(person);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      payload: { email: person.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password.');

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      payload: { email: person.email.toUpperCase(), password: person.password },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookie(signedIn)).not.toBe(sessionCookie(signedUp));
    expect((await currentUser(sessionCookie(signedIn)))?.profile?.username).toBe(person.username.toLowerCase());
  });

  it('sign-out ends the session at once', async () => {
    const response = await signUp(newPerson());
    const cookie = sessionCookie(response);
    expect(await currentUser(cookie)).not.toBeNull();
    const out = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-out',
      headers: { cookie, origin: 'http://townhall.test' },
    });
    expect(out.statusCode).toBe(204);
    expect(await currentUser(cookie)).toBeNull();
  });

  it('a forged cookie is nobody', async () => {
    expect(await currentUser('townhall.session_token=forged.value')).toBeNull();
  });
});
