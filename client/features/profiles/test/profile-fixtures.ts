import { vi } from 'vitest';

import { apiError, buildProfile, buildSessionUser, json } from '#client/test/account-fixtures.ts';
import type { Profile } from '#shared/schemas/accounts.ts';
import type { PersonSummary, ProfilePageResponse, PublicProfile } from '#shared/schemas/profiles.ts';

/** A public profile (Grace, who is not the signed-in Ada of the account fixtures). */
export function buildPublicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 'user-2',
    username: 'grace',
    name: 'Grace Hopper',
    quote: 'The most dangerous phrase is: we have always done it this way.',
    profileImageURL: '',
    followers: 41,
    following: 7,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The answer of GET /api/profiles/:username. */
export function buildProfilePage(
  profile: Partial<PublicProfile> = {},
  viewer: ProfilePageResponse['viewer'] = { isSelf: false, isFollowing: false },
): ProfilePageResponse {
  return { profile: buildPublicProfile(profile), viewer, hostedGroups: [] };
}

/** A row of a followers or following list. */
export function buildPerson(index: number, overrides: Partial<PersonSummary> = {}): PersonSummary {
  return {
    id: `person-${String(index)}`,
    username: `person_${String(index)}`,
    name: `Person ${String(index)}`,
    quote: '',
    profileImageURL: '',
    followers: index,
    isFollowing: false,
    followedAt: '2025-02-01T00:00:00.000Z',
    ...overrides,
  };
}

/** What a stubbed route answers: a Response, or a promise of one (never settling = still loading). */
export type Answer = (request: {
  path: string;
  method: string;
  body: unknown;
}) => Response | Promise<Response> | undefined;

/**
 * Stubs fetch: the session (Ada signed in unless `session` is null), then `answer` for anything
 * else; what neither knows never answers.
 */
export function stubApi({ session = buildProfile(), answer }: { session?: Profile | null; answer?: Answer } = {}) {
  let profile = session;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path === '/api/accounts/session') return json({ user: profile ? buildSessionUser(profile) : null });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const response = answer?.({ path, method, body });
    if (response) return response;
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    setSession(next: Profile | null) {
      profile = next;
    },
    calls: (method: string, path: string) =>
      fetchMock.mock.calls
        .filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method)
        .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined)),
  };
}

export { apiError, json };
