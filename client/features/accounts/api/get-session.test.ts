import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { z } from 'zod';

import { getSession, readProfile, readSession } from '#client/features/accounts/api/get-session.ts';
import { buildProfile, json } from '#client/test/account-fixtures.ts';
// The server's profile schema, only to show that the hand-written check agrees with it.
import { ProfileSchema } from '#shared/schemas/accounts.ts';

const profile = buildProfile({
  usernameHistory: ['ada_old'],
  lastTokenUpdate: '2025-06-30T12:34:56Z',
  followers: 3,
  subscribing: 2,
});

/** The session answer's schema as the client had it in zod: the reference the hand-written reader keeps. */
const FormerSessionAnswerSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string().nullish(),
      profile: z.unknown(),
      role: z.enum(['user', 'admin']).catch('user'),
    })
    .nullable(),
});

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readProfile', () => {
  const readable: unknown[] = [
    profile,
    { ...profile, createdAt: '2024-02-29T23:59:59.123456Z' },
    { ...profile, extra: 'dropped', emailSettings: { ...profile.emailSettings } },
  ];
  const unreadable: [unknown, string][] = [
    [{ ...profile, followers: 'many' }, 'followers'],
    [{ ...profile, following: 1.5 }, 'following'],
    [{ ...profile, subscribing: 2 ** 53 }, 'subscribing'],
    [{ ...profile, quote: undefined }, 'quote'],
    [{ ...profile, name: null }, 'name'],
    [{ ...profile, usernameHistory: ['ada', 1] }, 'usernameHistory'],
    [{ ...profile, usernameHistory: 'ada' }, 'usernameHistory'],
    [{ ...profile, createdAt: '2025-01-01' }, 'createdAt'],
    [{ ...profile, createdAt: '2025-01-01T00:00Z' }, 'createdAt'],
    [{ ...profile, createdAt: '2025-01-01T00:00:00' }, 'createdAt'],
    [{ ...profile, createdAt: '2025-01-01T00:00:00+01:00' }, 'createdAt'],
    [{ ...profile, lastTokenUpdate: '2025-02-29T00:00:00Z' }, 'lastTokenUpdate'],
    [{ ...profile, lastTokenUpdate: 1735689600000 }, 'lastTokenUpdate'],
    [{ ...profile, emailSettings: { ...profile.emailSettings, welcome: 'yes' } }, 'emailSettings'],
    [{ ...profile, emailSettings: { ...profile.emailSettings, newsletter: true } }, 'emailSettings'],
    [{ ...profile, emailSettings: { welcome: true } }, 'emailSettings'],
    [{ uId: 'user-1', followers: 'many' }, 'email'],
    ['ada', 'the profile itself'],
    [[profile], 'the profile itself'],
  ];

  it('reads a profile with its own fields only', () => {
    for (const value of readable) {
      expect(readProfile(value), JSON.stringify(value)).toEqual({ profile: ProfileSchema.parse(value) });
    }
    expect(readProfile({ ...profile, extra: 'dropped' })).toEqual({ profile });
  });

  it('names the first field it cannot read', () => {
    for (const [value, field] of unreadable)
      expect(readProfile(value), JSON.stringify(value)).toEqual({ unreadable: field });
  });

  it('agrees with ProfileSchema on every sample', () => {
    for (const value of [...readable, ...unreadable.map(([sample]) => sample)]) {
      const read = readProfile(value);
      const parsed = ProfileSchema.safeParse(value);
      expect('profile' in read ? read.profile : null, JSON.stringify(value)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
  });
});

describe('readSession', () => {
  it('reads the account and its profile; without a known role the person is a user', () => {
    expect(readSession({ user: null })).toEqual({ user: null });
    expect(readSession({ user: { id: 'user-1', email: 'ada@example.com', profile, role: 'admin' } })).toEqual({
      user: { id: 'user-1', email: 'ada@example.com', profile, role: 'admin' },
    });
    for (const role of ['user', 'owner', 'ADMIN', undefined, null, 1]) {
      expect(readSession({ user: { id: 'user-1', email: 'ada@example.com', profile, role } }).user?.role).toBe('user');
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads an absent or null e-mail as empty', () => {
    expect(readSession({ user: { id: 'user-1', profile } }).user?.email).toBe('');
    expect(readSession({ user: { id: 'user-1', email: null, profile } }).user?.email).toBe('');
  });

  it('falls back to the account alone when the profile is missing or unreadable, and logs which', () => {
    // An answer without a profile at all falls back too, as toSessionUser always said. (The former
    // zod schema refused such an answer whole: in zod 4 a `z.unknown()` key must be present.)
    expect(readSession({ user: { id: 'user-1', email: 'ada@example.com' } }).user).toEqual({
      id: 'user-1',
      email: 'ada@example.com',
      profile: null,
      role: 'user',
    });
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('Profile could not be loaded'), {
      userId: 'user-1',
    });

    expect(
      readSession({ user: { id: 'user-1', profile: { ...profile, followers: 'many' } } }).user?.profile,
    ).toBeNull();
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('Profile could not be read'), {
      userId: 'user-1',
      unreadable: 'followers',
    });
  });

  const broken: unknown[] = [
    null,
    'signed in',
    [],
    {},
    { user: 'user-1' },
    { user: {} },
    { user: { email: 'ada@example.com', profile } },
    { user: { id: 1, email: 'ada@example.com' } },
    { user: { id: 'user-1', email: 42 } },
  ];

  it('throws when the account part cannot be read', () => {
    for (const answer of broken) expect(() => readSession(answer), JSON.stringify(answer)).toThrow(TypeError);
  });

  it('accepts and refuses what the former zod schema did', () => {
    const samples: unknown[] = [
      ...broken,
      { user: null },
      { user: { id: 'user-1', profile: null } },
      { user: { id: 'user-1', email: null, role: 'owner', profile: 'unreadable' } },
    ];
    for (const answer of samples) {
      const former = FormerSessionAnswerSchema.safeParse(answer);
      const accepted = (() => {
        try {
          readSession(answer);
          return true;
        } catch {
          return false;
        }
      })();
      expect(accepted, JSON.stringify(answer)).toBe(former.success);
    }
  });

  it('makes the session call fail with invalid_response when the account cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(json({ user: { email: 'ada@example.com' } }))),
    );

    await expect(getSession()).rejects.toMatchObject({
      name: 'ApiError',
      status: 200,
      code: 'invalid_response',
      message: 'The server sent an answer this app does not understand.',
    });
  });
});
