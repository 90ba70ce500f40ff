import { ACCOUNT_RATE_RULES } from './rate-rules.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS } from '#shared/constants/accounts.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { accounts, mailMessages, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { createUnsubscribeToken } from '../mail/unsubscribe-token.ts';

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

/** A different network address for each call, as different people would have. */
function someAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

async function signUp(body: Record<string, unknown>, remoteAddress = someAddress()) {
  return app.inject({ method: 'POST', url: '/api/accounts/sign-up', payload: body, remoteAddress });
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
  it('queues one welcome e-mail that says how the person signs in', async () => {
    const person = newPerson();
    const response = await signUp(person);
    expect(response.statusCode).toBe(201);
    const { user } = SessionResponseSchema.parse(response.json());
    const welcome = await app.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.userId, user?.id ?? ''));
    expect(welcome.map((message) => [message.kind, message.subject, message.toAddress])).toEqual([
      ['welcome', 'Welcome to Townhall', person.email.toLowerCase()],
    ]);
    expect(welcome[0]?.textBody).toContain(
      `You sign in with your e-mail address ${person.email.toLowerCase()} and your password.`,
    );
  });

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

  it("answers the spec's sentence for an e-mail the sign-in library would refuse, never the library's text", async () => {
    for (const email of ['a@b', 'someone@', '@example.com', 'two@@example.com', 'spaces in@example.com']) {
      const response = await signUp({ ...newPerson(), email });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'invalid_email',
        message: 'Please enter a valid email address.',
        fields: { email: 'Please enter a valid email address.' },
      });
    }
    const early = await app.inject({ method: 'GET', url: '/api/accounts/availability?email=a%40b' });
    expect(early.json()).toEqual({ email: 'Please enter a valid email address.' });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      remoteAddress: someAddress(),
      payload: { email: 'a@b', password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().error.message).toBe('Please enter a valid email address.');
  });

  it('names a field the request schema refuses in a sentence of ours, for sign-up and sign-in', async () => {
    const long = await signUp({ ...newPerson(), email: `${'a'.repeat(320)}@example.com` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toEqual({
      code: 'validation_failed',
      message: 'Please enter a valid email address.',
      fields: { email: 'Please enter a valid email address.' },
    });
    const longName = await signUp({ ...newPerson(), username: 'a'.repeat(65) });
    expect(longName.json().error.message).toBe('Username should be at most 64 characters.');
    const numeric = await signUp({ ...newPerson(), username: 12345 });
    expect(numeric.json().error.message).toBe('Username must be at least 3 characters');
    const { email: _email, ...noEmail } = newPerson();
    expect((await signUp(noEmail)).json().error.message).toBe('Valid email is required');
    const tooLong = await signUp({ ...newPerson(), password: 'x'.repeat(129) });
    expect(tooLong.json().error.message).toBe('Password should be at most 128 characters.');
    const huge = await signUp({ ...newPerson(), password: 'x'.repeat(2000) });
    expect(huge.json().error.message).toBe('Password should be at most 128 characters.');
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      remoteAddress: someAddress(),
      payload: { email: `${'a'.repeat(400)}@example.com`, password: 'x' },
    });
    expect(signIn.json().error.message).toBe('Please enter a valid email address.');
    // An unknown field is not a field of the form: the usual answer naming it.
    const extra = await signUp({ ...newPerson(), role: 'admin' });
    expect(extra.json().error.fields).toEqual({ 'body.role': 'is not a field this request accepts' });
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
      remoteAddress: someAddress(),
      payload: { email: person.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password.');

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      remoteAddress: someAddress(),
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

describe('rate limits', () => {
  it('an address may sign up 10 times an hour, then gets 429 with Retry-After', async () => {
    const address = someAddress();
    for (let i = 0; i < 10; i++) expect((await signUp(newPerson(), address)).statusCode).toBe(201);
    const refused = await signUp(newPerson(), address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      /^Too many sign-ups from your network\. Please try again in \d+ (minutes|minute|seconds)\.$/,
    );
    expect((await signUp(newPerson())).statusCode).toBe(201);
  });
});

describe('sign-in throttling never locks the owner out (decision 014)', () => {
  const signInFrom = (address: string, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/accounts/sign-in', remoteAddress: address, payload: { email, password } });

  /** One wrong password for `email` from each of `count` fresh addresses, all refused as wrong. */
  async function failFromManyAddresses(email: string, count: number) {
    const addresses: string[] = [];
    for (let i = 0; i < count; i++) {
      const address = someAddress();
      addresses.push(address);
      expect((await signInFrom(address, email, `guess number ${i}`)).statusCode).toBe(401);
    }
    return addresses;
  }

  /** The live token of the newest reset e-mail to `email`, from the outbox. */
  async function resetToken(email: string) {
    const rows = await app.db
      .select({ text: mailMessages.textBody, kind: mailMessages.kind })
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, email.toLowerCase()));
    const reset = rows.filter((row) => row.kind === 'password_reset').at(-1);
    const token = /reset-password\?token=([A-Za-z0-9%_-]+)/.exec(reset?.text ?? '')?.[1];
    if (!token) throw new Error('no reset e-mail');
    return decodeURIComponent(token);
  }

  it('30 wrong passwords from 30 addresses: the owner still signs in from a clean address; an address that failed waits', async () => {
    const person = newPerson();
    await signUp(person);
    const attackers = await failFromManyAddresses(person.email, 30);

    expect((await signInFrom(someAddress(), person.email, person.password)).statusCode).toBe(200);
    // Past 25 failures the account is under attack: an address that failed once waits, even with the right password.
    const held = await signInFrom(attackers[0] ?? '', person.email, person.password);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.json().error.message).toMatch(
      /^Too many failed sign-ins for this account \(resetting your password lets you in at once\)\. Please try again in \d+ (minutes|minute|seconds)\.$/,
    );
  });

  it('an address gets 5 wrong passwords for an account, then waits for it alone; the owner elsewhere signs in', async () => {
    const person = newPerson();
    await signUp(person);
    const other = newPerson();
    await signUp(other);
    const attacker = someAddress();
    for (let i = 0; i < 5; i++) expect((await signInFrom(attacker, person.email, 'wrong')).statusCode).toBe(401);

    const refused = await signInFrom(attacker, person.email, person.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      /^Too many failed sign-ins for this account from your network \(resetting your password lets you in at once\)\. Please try again in \d+ (minutes|minute|seconds)\.$/,
    );
    expect((await signInFrom(someAddress(), person.email, person.password)).statusCode).toBe(200);
    // The same address may still sign in to another account.
    expect((await signInFrom(attacker, other.email, other.password)).statusCode).toBe(200);
  });

  it('an address gets 20 wrong passwords across accounts, then waits for every account', async () => {
    const attacker = someAddress();
    for (let i = 0; i < 20; i++) {
      expect((await signInFrom(attacker, `nobody.${i}.${Date.now()}@example.com`, 'wrong')).statusCode).toBe(401);
    }
    const person = newPerson();
    await signUp(person);
    const refused = await signInFrom(attacker, person.email, person.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many failed sign-ins from your network\. Please try again in /);
    expect((await signInFrom(someAddress(), person.email, person.password)).statusCode).toBe(200);
  });

  it('a completed password reset lets the owner in at once, from an address that was held back for the account', async () => {
    const person = newPerson();
    await signUp(person);
    await failFromManyAddresses(person.email, 26);
    const home = someAddress();
    // The owner's own typo while the account is under attack holds their address back too.
    expect((await signInFrom(home, person.email, 'a typo')).statusCode).toBe(401);
    expect((await signInFrom(home, person.email, person.password)).statusCode).toBe(429);

    const origin = { origin: 'http://townhall.test' };
    const asked = await app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset',
      remoteAddress: home,
      headers: origin,
      payload: { email: person.email },
    });
    expect(asked.statusCode).toBe(204);
    const completed = await app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/complete',
      remoteAddress: home,
      headers: origin,
      payload: { token: await resetToken(person.email), newPassword: 'a brand new secret' },
    });
    expect(completed.statusCode).toBe(204);
    expect((await signInFrom(home, person.email, 'a brand new secret')).statusCode).toBe(200);
  });
});

describe('change password', () => {
  const changeWith = (cookie: string | undefined, payload: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/accounts/change-password',
      headers: { origin: 'http://townhall.test', ...(cookie ? { cookie } : {}) },
      payload,
    });

  it('needs a signed-in person', async () => {
    const response = await changeWith(undefined, { currentPassword: 'a', newPassword: 'b' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('No user is currently signed in');
  });

  it('checks the current password and the new one, with the spec messages', async () => {
    const person = newPerson();
    const cookie = sessionCookie(await signUp(person));
    const wrong = await changeWith(cookie, { currentPassword: 'not it', newPassword: 'a new good one' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Current password is incorrect');
    const weak = await changeWith(cookie, { currentPassword: person.password, newPassword: '12345' });
    expect(weak.json().error.message).toBe('Password should be at least 6 characters');
    const common = await changeWith(cookie, { currentPassword: person.password, newPassword: 'qwerty123' });
    expect(common.json().error.message).toBe('This password is too common');
  });

  it('changes it, keeps this session, ends the others, and the old password stops working', async () => {
    const person = newPerson();
    const first = sessionCookie(await signUp(person));
    const other = sessionCookie(
      await app.inject({
        method: 'POST',
        url: '/api/accounts/sign-in',
        remoteAddress: someAddress(),
        payload: { email: person.email, password: person.password },
      }),
    );
    const changed = await changeWith(first, { currentPassword: person.password, newPassword: 'a brand new secret' });
    expect(changed.statusCode).toBe(204);
    const current = changed.cookies.find((item) => item.name === 'townhall.session_token');
    const stillIn = current ? `${current.name}=${current.value}` : first;
    expect(await currentUser(stillIn)).not.toBeNull();
    expect(await currentUser(other)).toBeNull();

    const signInWith = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/sign-in',
        remoteAddress: someAddress(),
        payload: { email: person.email, password },
      });
    expect((await signInWith(person.password)).statusCode).toBe(401);
    expect((await signInWith('a brand new secret')).statusCode).toBe(200);
  });
});

describe('e-mail settings', () => {
  const patch = (userId: string, cookie: string | undefined, payload: unknown) =>
    app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}/email-settings`,
      headers: { origin: 'http://townhall.test', ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });

  it('the owner changes some flags; the others keep their value', async () => {
    const response = await signUp(newPerson());
    const cookie = sessionCookie(response);
    const userId = SessionResponseSchema.parse(response.json()).user?.id ?? '';
    const changed = await patch(userId, cookie, { weeklyDigest: true, newFollowers: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().emailSettings).toEqual({
      ...DEFAULT_EMAIL_SETTINGS,
      weeklyDigest: true,
      newFollowers: false,
    });
    expect((await currentUser(cookie))?.profile?.emailSettings).toEqual(changed.json().emailSettings);
  });

  it('answers the spec messages', async () => {
    const owner = await signUp(newPerson());
    const ownerId = SessionResponseSchema.parse(owner.json()).user?.id ?? '';
    const intruder = sessionCookie(await signUp(newPerson()));

    const anonymous = await patch(ownerId, undefined, { weeklyDigest: true });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('User must be authenticated');

    const other = await patch(ownerId, intruder, { weeklyDigest: true });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe("Unauthorized: Cannot update another user's email settings");

    for (const bad of [{ weeklyDigest: 'yes' }, { sendMeSpam: true }, {}, ['weeklyDigest']]) {
      const response = await patch(ownerId, sessionCookie(owner), bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Invalid email settings data');
    }
    expect((await currentUser(sessionCookie(owner)))?.profile?.emailSettings).toEqual(DEFAULT_EMAIL_SETTINGS);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('turns off the category of the e-mail, from a mail client without cookie or Origin', async () => {
    const response = await signUp(newPerson());
    const cookie = sessionCookie(response);
    const userId = SessionResponseSchema.parse(response.json()).user?.id ?? '';
    const token = createUnsubscribeToken({ userId, category: 'newAnswers', secret: app.config.sessionSecret ?? '' });
    const unsubscribe = (query: string) =>
      app.inject({
        method: 'POST',
        url: `/api/mail/unsubscribe?${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const done = await unsubscribe(`token=${encodeURIComponent(token)}`);
    expect(done.statusCode).toBe(200);
    expect((await currentUser(cookie))?.profile?.emailSettings).toEqual({
      ...DEFAULT_EMAIL_SETTINGS,
      newAnswers: false,
    });
    expect((await unsubscribe(`token=${encodeURIComponent(token)}`)).statusCode).toBe(200);

    const all = createUnsubscribeToken({ userId, category: 'all', secret: app.config.sessionSecret ?? '' });
    await unsubscribe(`token=${encodeURIComponent(all)}`);
    expect((await currentUser(cookie))?.profile?.emailSettings.unsubscribedAll).toBe(true);

    const forged = await unsubscribe(`token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('This unsubscribe link is not valid.');
  });

  it('limits one-click unsubscribes per address, so a flood of them writes nothing more', async () => {
    const { limit } = ACCOUNT_RATE_RULES.unsubscribePerAddress;
    const flood = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: `/api/mail/unsubscribe?token=forged`,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    for (let sent = 0; sent < limit; sent += 50) {
      const answers = await Promise.all(Array.from({ length: Math.min(50, limit - sent) }, () => flood(address)));
      expect(answers.map((answer) => answer.statusCode)).not.toContain(429);
    }
    const refused = await flood(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error.message).toMatch(
      /^Too many unsubscribe requests from your network\. Please try again in/,
    );
    expect((await flood('198.51.100.7')).statusCode).toBe(400);
  });

  it('other routes still refuse form bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(response.statusCode).toBe(415);
  });
});
