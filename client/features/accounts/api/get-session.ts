import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '#client/lib/api-client.ts';
import { ProfileSchema, type SessionUser } from '#shared/schemas/accounts.ts';

/** Key of the session query; every query that depends on who is signed in is refreshed around it. */
export const sessionQueryKey = ['accounts', 'session'] as const;

/** Whether a query key is the session's own (the one thing sign-in and sign-out write directly). */
export function isSessionQueryKey(queryKey: QueryKey): boolean {
  return queryKey.length === sessionQueryKey.length && sessionQueryKey.every((part, index) => queryKey[index] === part);
}

/**
 * The account part of an answer is checked strictly, the profile on its own: a profile the
 * client cannot read must not sign the person out (spec section 4 falls back to id and e-mail).
 */
const AccountAnswerSchema = z.object({
  id: z.string(),
  email: z.string().nullish(),
  profile: z.unknown(),
  /** Anything but a known role reads as 'user': the server decides what an admin may do anyway. */
  role: z.enum(['user', 'admin']).catch('user'),
});

/** Answer of GET /api/accounts/session, sign-up and sign-in, before the profile is checked. */
export const SessionAnswerSchema = z.object({ user: AccountAnswerSchema.nullable() });

/** The session as the client keeps it: the signed-in person, or null. */
export type Session = { user: SessionUser | null };

/**
 * The signed-in person from the server's answer. A missing or unreadable profile falls back to
 * the account's id and e-mail with `profile: null` (spec sections 3, 4 and 8), and is logged.
 */
export function toSessionUser(account: z.output<typeof AccountAnswerSchema>): SessionUser {
  const minimal = { id: account.id, email: account.email ?? '', role: account.role };
  if (account.profile === null || account.profile === undefined) {
    console.warn('Profile could not be loaded; using the account without it', { userId: account.id });
    return { ...minimal, profile: null };
  }
  const profile = ProfileSchema.safeParse(account.profile);
  if (!profile.success) {
    console.warn('Profile could not be read; using the account without it', {
      userId: account.id,
      issues: profile.error.issues,
    });
    return { ...minimal, profile: null };
  }
  return { ...minimal, profile: profile.data };
}

/** The session from an answer of the session, sign-up or sign-in routes. */
export function toSession(answer: z.output<typeof SessionAnswerSchema>): Session {
  return { user: answer.user ? toSessionUser(answer.user) : null };
}

/** GET /api/accounts/session: who is signed in in this browser (the cookie is httpOnly), or null. */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<Session> {
  return toSession(await api.get('/api/accounts/session', SessionAnswerSchema, { signal }));
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
