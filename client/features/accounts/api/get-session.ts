import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { isArrayOf, isBoolean, isInteger, isIsoDateTime, isJsonObject, isString } from '#client/lib/json-shape.ts';
import { EMAIL_SETTING_KEYS, type EmailSettings } from '#shared/constants/accounts.ts';
import type { Profile, SessionUser } from '#shared/schemas/accounts.ts';

/** Key of the session query; every query that depends on who is signed in is refreshed around it. */
export const sessionQueryKey = ['accounts', 'session'] as const;

/** Whether a query key is the session's own (the one thing sign-in and sign-out write directly). */
export function isSessionQueryKey(queryKey: QueryKey): boolean {
  return queryKey.length === sessionQueryKey.length && sessionQueryKey.every((part, index) => queryKey[index] === part);
}

/** The session as the client keeps it: the signed-in person, or null. */
export type Session = { user: SessionUser | null };

/** The account part of a session answer, read strictly; its profile is read on its own. */
type AccountAnswer = { id: string; email: string | null | undefined; profile: unknown; role: SessionUser['role'] };

function isEmailSettings(value: unknown): value is EmailSettings {
  // All nine flags and nothing else, as the server's strict schema has them.
  return (
    isJsonObject(value) &&
    Object.keys(value).length === EMAIL_SETTING_KEYS.length &&
    EMAIL_SETTING_KEYS.every((key) => isBoolean(value[key]))
  );
}

/** How each field of a profile is checked: what ProfileSchema (shared/schemas/accounts.ts) requires. */
const PROFILE_FIELDS: { [Field in keyof Profile]-?: (value: unknown) => boolean } = {
  uId: isString,
  email: isString,
  username: isString,
  usernameHistory: (value) => isArrayOf(value, isString),
  name: isString,
  createdAt: isIsoDateTime,
  lastTokenUpdate: isIsoDateTime,
  followers: isInteger,
  following: isInteger,
  subscribing: isInteger,
  quote: isString,
  profileImageURL: isString,
  emailSettings: isEmailSettings,
};

/**
 * The profile of a session answer with its fields only, checked by hand as ProfileSchema would
 * check it; or, when it does not fit, the first field that does not.
 */
export function readProfile(value: unknown): { profile: Profile } | { unreadable: string } {
  if (!isJsonObject(value)) return { unreadable: 'the profile itself' };
  const fields = Object.keys(PROFILE_FIELDS) as (keyof Profile)[];
  const unreadable = fields.find((field) => !PROFILE_FIELDS[field](value[field]));
  if (unreadable) return { unreadable };
  return { profile: Object.fromEntries(fields.map((field) => [field, value[field]])) as Profile };
}

/**
 * The signed-in person from the server's answer. A missing or unreadable profile falls back to
 * the account's id and e-mail with `profile: null`, and is logged:
 * a profile the client cannot read must not sign the person out.
 */
function toSessionUser(account: AccountAnswer): SessionUser {
  const minimal = { id: account.id, email: account.email ?? '', role: account.role };
  if (account.profile === null || account.profile === undefined) {
    console.warn('Profile could not be loaded; using the account without it', { userId: account.id });
    return { ...minimal, profile: null };
  }
  const read = readProfile(account.profile);
  if ('unreadable' in read) {
    console.warn('Profile could not be read; using the account without it', {
      userId: account.id,
      unreadable: read.unreadable,
    });
    return { ...minimal, profile: null };
  }
  return { ...minimal, profile: read.profile };
}

function readAccount(value: unknown): AccountAnswer {
  if (!isJsonObject(value) || !isString(value.id)) throw new TypeError('The session answer names no account id');
  const { id, email, profile, role } = value;
  if (!(email === undefined || email === null || isString(email))) {
    throw new TypeError("The session answer's e-mail is not text");
  }
  // Anything but a known role reads as 'user': the server decides what an admin may do anyway.
  return { id, email, profile, role: role === 'admin' ? 'admin' : 'user' };
}

/**
 * Reads an answer of the session, sign-up or sign-in routes (`{ user }`), as apiRequest's `read`:
 * the account part strictly (it throws, and the call fails with invalid_response), the profile
 * with the fallback above.
 */
export function readSession(answer: unknown): Session {
  if (!isJsonObject(answer) || answer.user === undefined) throw new TypeError('The session answer has no user');
  return { user: answer.user === null ? null : toSessionUser(readAccount(answer.user)) };
}

/** GET /api/accounts/session: who is signed in in this browser (the cookie is httpOnly), or null. */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<Session> {
  return api.get('/api/accounts/session', { read: readSession, signal });
}

/** Query key and fetcher of the session, for useQuery, prefetching and invalidation. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession({ signal }),
  });
}

/** The raw session query. Components read `useSession()` instead, which adds the spec's loading rules. */
export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}

/**
 * Whether the cached session has a person. Queries that only a signed-in person may make check
 * it in their queryFn: signing out resets every query while such components are still mounted,
 * and asking then would only earn a 401.
 */
export function hasSignedInSession(queryClient: QueryClient): boolean {
  if (queryClient.getQueryData<boolean>(signingOutQueryKey) === true) return false;
  return Boolean(queryClient.getQueryData<Session>(sessionQueryKey)?.user);
}

/** Set while a sign-out is on its way: the person's own queries stop asking (see useSignOut). */
export const signingOutQueryKey = ['accounts', 'signing-out'] as const;
