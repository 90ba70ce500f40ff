import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS } from '#shared/constants/accounts.ts';
import { GOOGLE_MESSAGES, googleSignInErrorCode } from '#shared/constants/google-sign-in.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { accounts, mailMessages, sessions, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { setUserDisabled } from '../admin/users.ts';
import {
  foreignSigningKey,
  startTestOidcProvider,
  type TestOidcAccount,
  type TestOidcProvider,
} from '../../test/oidc-provider.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { ACCOUNT_DISABLED_CODE } from './disabled-accounts.ts';

const PUBLIC_URL = 'http://townhall.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/callback/google`;
const origin = { origin: PUBLIC_URL };

let provider: TestOidcProvider;
let smtp: TestSmtpServer;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  provider = await startTestOidcProvider({ redirectUris: [REDIRECT_URI] });
  app = await buildTestApp({
    config: {
      smtpUrl: smtp.url,
      google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuer: provider.issuer },
    },
  });
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
  await smtp?.close();
});

const uniqueId = () => randomBytes(5).toString('hex');

/** A different network address for each flow, as different people would have. */
function someAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A person at the provider, known to it from now on. */
function googlePerson(overrides: Partial<TestOidcAccount> = {}): TestOidcAccount {
  const id = uniqueId();
  const person = {
    sub: `sub-${id}`,
    email: `g.${id}@example.com`,
    email_verified: true,
    name: `Ada ${id}`,
    ...overrides,
  };
  provider.setAccount(person);
  return person;
}

function cookieOf(response: { cookies: { name: string; value: string }[] }, name: string): string | undefined {
  const cookie = response.cookies.find((item) => item.name === name);
  return cookie && cookie.value !== '' ? `${cookie.name}=${cookie.value}` : undefined;
}

/** POST /api/accounts/google/start: the authorization URL and the state cookie that goes with it. */
async function startGoogle(options: { address: string; next?: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounts/google/start',
    headers: origin,
    remoteAddress: options.address,
    payload: options.next ? { next: options.next } : {},
  });
  expect(response.statusCode).toBe(200);
  const stateCookie = cookieOf(response, 'townhall.state');
  if (!stateCookie) throw new Error('no state cookie');
  return { url: new URL(response.json<{ url: string }>().url), stateCookie };
}

/** The browser arriving back at our callback with what the provider gave it. */
function callback(back: URL, options: { cookie?: string; address: string }) {
  return app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.address,
  });
}

/** The whole code flow over HTTP, redirects followed by hand: start, the provider's sign-in, callback. */
async function signInWithGoogle(person: TestOidcAccount, options: { next?: string; address?: string } = {}) {
  const { address = someAddress(), next } = options;
  const started = await startGoogle({ address, ...(next ? { next } : {}) });
  const back = await provider.signInAs(started.url.href, person.sub);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  const response = await callback(back, { cookie: started.stateCookie, address });
  expect(response.statusCode).toBe(302);
  return {
    location: response.headers.location,
    sessionCookie: cookieOf(response, 'townhall.session_token'),
    back,
    started,
    address,
  };
}

async function sessionUser(cookie: string | undefined) {
  const response = await app.inject({ method: 'GET', url: '/api/accounts/session', headers: cookie ? { cookie } : {} });
  return SessionResponseSchema.parse(response.json()).user;
}

async function signUpWithPassword(email: string, username: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounts/sign-up',
    headers: origin,
    remoteAddress: someAddress(),
    payload: { email, username, password: 'correct horse battery' },
  });
  expect(response.statusCode).toBe(201);
  return {
    id: SessionResponseSchema.parse(response.json()).user?.id ?? '',
    cookie: cookieOf(response, 'townhall.session_token'),
  };
}

function signInWithPassword(email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/accounts/sign-in',
    headers: origin,
    remoteAddress: someAddress(),
    payload: { email, password: 'correct horse battery' },
  });
}

async function accountsOf(userId: string) {
  return app.db
    .select({ providerId: accounts.providerId, accountId: accounts.accountId })
    .from(accounts)
    .where(eq(accounts.userId, userId));
}

async function userRow(userId: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

describe('a new person continuing with Google', () => {
  it('gets an account and a profile with the defaults and a username from the display name, then the welcome page', async () => {
    const person = googlePerson({ name: `Ada Lovelace ${uniqueId()}`, email: `Ada.${uniqueId()}@Example.com` });
    const { location, sessionCookie } = await signInWithGoogle(person);
    expect(location).toBe('/?welcome=google');

    const user = await sessionUser(sessionCookie);
    expect(user?.email).toBe(person.email?.toLowerCase());
    expect(user?.profile).toMatchObject({
      email: person.email?.toLowerCase(),
      username: person.name?.replaceAll(' ', '').toLowerCase(),
      name: person.name,
      usernameHistory: [],
      followers: 0,
      following: 0,
      subscribing: 0,
      quote: '',
      profileImageURL: '',
      emailSettings: DEFAULT_EMAIL_SETTINGS,
    });
    const row = await userRow(user?.id ?? '');
    expect(row.emailVerified).toBe(true);
    expect(await accountsOf(row.id)).toEqual([{ providerId: 'google', accountId: person.sub }]);
  });

  it('goes back where the person was going, with the welcome mark', async () => {
    const { location } = await signInWithGoogle(googlePerson(), { next: '/groups?tab=mine' });
    expect(location).toBe('/groups?tab=mine&welcome=google');
  });

  it('suffixes 1, 2, 3… while the derived username is taken, earlier usernames included', async () => {
    const id = uniqueId();
    await signUpWithPassword(`grace.${id}@example.org`, `grace${id}`);
    const first = await signInWithGoogle(googlePerson({ name: `Grace ${id}` }));
    const second = await signInWithGoogle(googlePerson({ name: `GRACE ${id}` }));
    expect((await sessionUser(first.sessionCookie))?.profile?.username).toBe(`grace${id}1`);
    expect((await sessionUser(second.sessionCookie))?.profile?.username).toBe(`grace${id}2`);

    // An earlier username still belongs to its owner.
    await app.db
      .update(users)
      .set({ usernameHistory: sql`array[${`grace${id}3`}]::text[]` })
      .where(eq(users.username, `grace${id}2`));
    const third = await signInWithGoogle(googlePerson({ name: `Grace ${id}` }));
    expect((await sessionUser(third.sessionCookie))?.profile?.username).toBe(`grace${id}4`);
  });

  it('takes the e-mail local part when the name is missing, reserved or unusable, keeping only allowed characters', async () => {
    const id = uniqueId();
    const noName = await signInWithGoogle(googlePerson({ name: '', email: `First.Last+${id}@example.com` }));
    expect((await sessionUser(noName.sessionCookie))?.profile?.username).toBe(`firstlast${id}`);

    const reserved = await signInWithGoogle(googlePerson({ name: 'Admin', email: `zoe_${id}@example.com` }));
    expect((await sessionUser(reserved.sessionCookie))?.profile?.username).toBe(`zoe_${id}`);

    const accents = await signInWithGoogle(googlePerson({ name: `José Núñez-${id}` }));
    expect((await sessionUser(accents.sessionCookie))?.profile?.username).toBe(`josenunez-${id}`);
  });

  it("falls back to 'user_' and the first 8 characters of the id when neither name nor e-mail gives 3 characters", async () => {
    const { sessionCookie } = await signInWithGoogle(
      googlePerson({ name: '李', email: `al.${uniqueId()}`.slice(0, 2) + '@example.com' }),
    );
    const user = await sessionUser(sessionCookie);
    expect(user?.profile?.username).toBe(`user_${user?.id.slice(0, 8).toLowerCase()}`);
  });
});

describe('a known person continuing with Google', () => {
  it('signs in as the same account, refreshes lastTokenUpdate, and lands without the welcome mark', async () => {
    const person = googlePerson();
    const first = await signInWithGoogle(person);
    const user = await sessionUser(first.sessionCookie);
    const before = (await userRow(user?.id ?? '')).lastTokenUpdate;

    const again = await signInWithGoogle(person, { next: '/groups' });
    expect(again.location).toBe('/groups');
    expect(again.sessionCookie).not.toBe(first.sessionCookie);
    expect((await sessionUser(again.sessionCookie))?.id).toBe(user?.id);
    expect((await userRow(user?.id ?? '')).lastTokenUpdate.getTime()).toBeGreaterThan(before.getTime());
  });
});

describe('Google sign-in and failed password sign-ins', () => {
  it('is not held back by them: an account under attack, from an address that failed for it', async () => {
    const person = googlePerson();
    const first = await signInWithGoogle(person);
    const user = await sessionUser(first.sessionCookie);
    const wrong = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/accounts/sign-in',
        headers: origin,
        remoteAddress: address,
        payload: { email: person.email, password: 'not the password' },
      });
    for (let i = 0; i < 26; i++) expect((await wrong(someAddress())).statusCode).toBe(401);
    const address = someAddress();
    expect((await wrong(address)).statusCode).toBe(401);
    expect((await wrong(address)).statusCode).toBe(429);

    const again = await signInWithGoogle(person, { address });
    expect((await sessionUser(again.sessionCookie))?.id).toBe(user?.id);
  });
});

describe('a disabled person continuing with Google', () => {
  it('is refused: back on the sign-in page with the reason, and no session', async () => {
    const person = googlePerson();
    const first = await signInWithGoogle(person);
    const user = await sessionUser(first.sessionCookie);
    if (!user) throw new Error('no user after the first Google sign-in');
    // an administrator disables the account (as the admin route does): the session made before,
    // which this process remembers from the read just above, is refused at once
    const admin = await sessionUser((await signInWithGoogle(googlePerson())).sessionCookie);
    if (!admin) throw new Error('no administrator');
    await setUserDisabled({
      transaction: app.transaction,
      admin: { id: admin.id, email: admin.email },
      userId: user.id,
      isDisabled: true,
    });
    expect(await sessionUser(first.sessionCookie)).toBeNull();

    const again = await signInWithGoogle(person);
    expect(again.location).toBe(`/login?error=${googleSignInErrorCode(ACCOUNT_DISABLED_CODE)}`);
    expect(again.sessionCookie ?? '').toBe('');
    const [left] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(left?.n).toBe(0);
  });
});

describe('linking to an account that signs in with a password', () => {
  it('links when Google says the e-mail is verified; the unproven password and its sessions stop working', async () => {
    const id = uniqueId();
    const email = `linked.${id}@example.com`;
    const passwordAccount = await signUpWithPassword(email, `linked_${id}`);
    expect(await sessionUser(passwordAccount.cookie)).not.toBeNull();

    const { location, sessionCookie } = await signInWithGoogle(googlePerson({ email: email.toUpperCase() }));
    expect(location).toBe('/');
    const user = await sessionUser(sessionCookie);
    expect(user?.id).toBe(passwordAccount.id);
    expect(user?.profile?.username).toBe(`linked_${id}`);
    expect((await userRow(passwordAccount.id)).emailVerified).toBe(true);
    expect((await accountsOf(passwordAccount.id)).map((account) => account.providerId)).toEqual(['google']);

    const password = await signInWithPassword(email);
    expect(password.statusCode).toBe(401);
    expect(password.json().error.message).toBe('Invalid email or password.');
    expect(await sessionUser(passwordAccount.cookie)).toBeNull();
  });

  it('refuses, with a clear message, when Google has not verified the e-mail; the password keeps working', async () => {
    const id = uniqueId();
    const email = `unverified.${id}@example.com`;
    const passwordAccount = await signUpWithPassword(email, `unverified_${id}`);

    const { location, sessionCookie } = await signInWithGoogle(googlePerson({ email, email_verified: false }));
    expect(location).toBe('/login?error=account_not_linked');
    expect(sessionCookie).toBeUndefined();
    expect((await accountsOf(passwordAccount.id)).map((account) => account.providerId)).toEqual(['credential']);
    expect((await signInWithPassword(email)).statusCode).toBe(200);
  });
});

describe('a callback that is not the answer to our own request', () => {
  it('refuses a replayed callback: the state works once', async () => {
    const person = googlePerson();
    const first = await signInWithGoogle(person);
    expect(first.location).toBe('/?welcome=google');
    const replay = await callback(first.back, { cookie: first.started.stateCookie, address: first.address });
    expect(replay.headers.location).toBe('/login?error=state_mismatch');
    expect(cookieOf(replay, 'townhall.session_token')).toBeUndefined();
  });

  it('refuses a used code under a fresh state', async () => {
    const person = googlePerson();
    const first = await signInWithGoogle(person);
    const address = someAddress();
    const fresh = await startGoogle({ address });
    const freshBack = await provider.signInAs(fresh.url.href, person.sub);
    const forged = new URL(freshBack);
    forged.searchParams.set('code', first.back.searchParams.get('code') ?? '');
    const response = await callback(forged, { cookie: fresh.stateCookie, address });
    expect(response.headers.location).toBe('/login?error=invalid_code');
  });

  it('refuses a made-up state, and a real one arriving without the browser cookie that started it', async () => {
    const person = googlePerson();
    const address = someAddress();
    const started = await startGoogle({ address, next: '/groups' });
    const back = await provider.signInAs(started.url.href, person.sub);

    const madeUp = new URL(back);
    madeUp.searchParams.set('state', 'not-a-state-we-issued');
    expect((await callback(madeUp, { cookie: started.stateCookie, address })).headers.location).toBe(
      '/login?error=state_mismatch',
    );
    // Someone else's callback opened in this browser (login CSRF): no state cookie here.
    expect((await callback(back, { address })).headers.location).toBe('/login?error=state_mismatch&next=%2Fgroups');
  });

  it("refuses an answer naming another issuer (the authorization response's iss)", async () => {
    const person = googlePerson();
    const address = someAddress();
    const started = await startGoogle({ address });
    const back = await provider.signInAs(started.url.href, person.sub);
    expect(back.searchParams.get('iss')).toBe(provider.issuer);
    back.searchParams.set('iss', 'https://accounts.foreign.test');
    expect((await callback(back, { cookie: started.stateCookie, address })).headers.location).toBe(
      '/login?error=issuer_mismatch',
    );
  });

  it('refuses ID tokens of an issuer other than GOOGLE_ISSUER, and creates nobody', async () => {
    // A real provider at an address whose discovery document and tokens name another issuer.
    const foreign = await startTestOidcProvider({
      redirectUris: [REDIRECT_URI],
      issuer: 'https://accounts.foreign.test',
    });
    const foreignApp = await buildTestApp({
      config: { google: { clientId: foreign.clientId, clientSecret: foreign.clientSecret, issuer: foreign.url } },
    });
    try {
      const person = { sub: `sub-${uniqueId()}`, email: `foreign.${uniqueId()}@example.com`, email_verified: true };
      foreign.setAccount(person);
      const address = someAddress();
      const started = await foreignApp.inject({
        method: 'POST',
        url: '/api/accounts/google/start',
        headers: origin,
        remoteAddress: address,
        payload: {},
      });
      const back = await foreign.signInAs(started.json<{ url: string }>().url, person.sub);
      const response = await foreignApp.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: cookieOf(started, 'townhall.state') ?? '' },
        remoteAddress: address,
      });
      expect(response.headers.location).toBe('/login?error=unable_to_get_user_info');
      expect(cookieOf(response, 'townhall.session_token')).toBeUndefined();
      expect(await app.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
    } finally {
      await foreignApp.close();
      await foreign.close();
    }
  });
});

describe('the welcome call', () => {
  /** A new Google person, signed in, with the ID token the client fetches for the call. */
  async function newGooglePerson() {
    const person = googlePerson();
    const { sessionCookie } = await signInWithGoogle(person);
    const user = await sessionUser(sessionCookie);
    const tokenResponse = await app.inject({
      method: 'GET',
      url: '/api/accounts/google/id-token',
      headers: { cookie: sessionCookie ?? '' },
    });
    expect(tokenResponse.statusCode).toBe(200);
    expect(tokenResponse.headers['cache-control']).toBe('no-store');
    const { idToken } = tokenResponse.json<{ idToken: string }>();
    const body = {
      userEmail: user?.email ?? '',
      userName: user?.profile?.name ?? '',
      username: user?.profile?.username ?? '',
    };
    return { person, user, idToken, body, sessionCookie };
  }

  const welcome = (token: string | null, body: Record<string, string>, address = someAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/welcome',
      headers: { ...origin, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      remoteAddress: address,
      payload: body,
    });

  async function welcomeMailsOf(userId: string) {
    return app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.userId, userId), eq(mailMessages.kind, 'welcome')));
  }

  it('e-mails the welcome once for a valid ID token of the person', async () => {
    const { idToken, body, user } = await newGooglePerson();
    const response = await welcome(idToken, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'sent' });

    const mail = await smtp.waitFor((received) => received.envelope.to.includes(body.userEmail), 15_000);
    expect(mail.subject).toBe('Welcome to Townhall');
    expect(mail.text).toContain(`Hi ${body.userName}, your Townhall account is ready.`);
    expect(mail.text).toContain(`Your username is @${body.username}.`);
    expect(mail.html).toContain('Open Townhall');

    const again = await welcome(idToken, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'already_sent' });
    expect(await welcomeMailsOf(user?.id ?? '')).toHaveLength(1);
  });

  it('sends nothing when the e-mail settings turn welcome e-mails off', async () => {
    const { idToken, body, user } = await newGooglePerson();
    await app.db
      .update(users)
      .set({ emailSettings: { ...DEFAULT_EMAIL_SETTINGS, welcome: false } })
      .where(eq(users.id, user?.id ?? ''));
    expect((await welcome(idToken, body)).json()).toEqual({ status: 'not_wanted' });
    expect(await welcomeMailsOf(user?.id ?? '')).toEqual([]);
  });

  it('refuses details that are not those of the token’s person', async () => {
    const { idToken, body } = await newGooglePerson();
    const response = await welcome(idToken, { ...body, userEmail: 'someone.else@example.com' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(GOOGLE_MESSAGES.detailsMismatch);
  });

  it('answers 401 without a token, and for a forged, expired, foreign or misaddressed one', async () => {
    const { person, body } = await newGooglePerson();
    const claims = { sub: person.sub, email: person.email, email_verified: true };
    const cases: [string | null, string][] = [
      [null, GOOGLE_MESSAGES.missingToken],
      ['not-a-jwt', GOOGLE_MESSAGES.invalidToken],
      [await provider.signIdToken(claims, { signingKey: await foreignSigningKey() }), GOOGLE_MESSAGES.invalidToken],
      [await provider.signIdToken(claims, { expiresInSeconds: -120 }), GOOGLE_MESSAGES.expiredToken],
      [await provider.signIdToken({ ...claims, iss: 'https://accounts.foreign.test' }), GOOGLE_MESSAGES.invalidToken],
      [await provider.signIdToken({ ...claims, aud: 'another-client' }), GOOGLE_MESSAGES.invalidToken],
      [await provider.signIdToken({ ...claims, sub: `sub-nobody-${uniqueId()}` }), GOOGLE_MESSAGES.unknownAccount],
    ];
    for (const [token, message] of cases) {
      const response = await welcome(token, body);
      expect({ status: response.statusCode, message: response.json().error.message }).toEqual({ status: 401, message });
    }
  });

  it('limits welcome calls per network address', async () => {
    const address = someAddress();
    const body = { userEmail: 'x@example.com', userName: 'X', username: 'xxx' };
    for (let call = 0; call < 20; call += 1) expect((await welcome('forged', body, address)).statusCode).toBe(401);
    const refused = await welcome('forged', body, address);
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
    expect(refused.json().error.message).toBe(
      `Too many welcome requests from your network. Please try again in ${wait}.`,
    );
  });
});

describe('whether Google sign-in is on', () => {
  it('says so to the client, and the id-token route needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/accounts/providers' })).json()).toEqual({ google: true });
    const anonymous = await app.inject({ method: 'GET', url: '/api/accounts/google/id-token' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('You need to sign in first.');
  });

  it('is off without GOOGLE_CLIENT_ID and _SECRET: no button, and the routes say why', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.inject({ method: 'GET', url: '/api/accounts/providers' })).json()).toEqual({ google: false });
      const start = await plain.inject({
        method: 'POST',
        url: '/api/accounts/google/start',
        headers: origin,
        payload: {},
      });
      expect(start.statusCode).toBe(404);
      expect(start.json().error.message).toBe(GOOGLE_MESSAGES.disabled);
      const call = await plain.inject({
        method: 'POST',
        url: '/api/auth/welcome',
        headers: { ...origin, authorization: 'Bearer x' },
        payload: { userEmail: 'a@b.c', userName: 'A', username: 'abc' },
      });
      expect(call.json().error.message).toBe(GOOGLE_MESSAGES.disabled);
    } finally {
      await plain.close();
    }
  });
});
