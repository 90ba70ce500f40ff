import { DEFAULT_EMAIL_SETTINGS } from '#shared/constants/accounts.ts';
import type { Profile } from '#shared/schemas/accounts.ts';

/** A JSON answer as the API sends it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The API's error shape. */
export function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return json({ error: { code, message } }, status, headers);
}

/** A new profile: no followers, no quote, no image, the default e-mail settings. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    uId: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    usernameHistory: [],
    name: 'Ada Lovelace',
    createdAt: '2025-01-01T00:00:00.000Z',
    lastTokenUpdate: '2025-01-01T00:00:00.000Z',
    followers: 0,
    following: 0,
    subscribing: 0,
    quote: '',
    profileImageURL: '',
    emailSettings: { ...DEFAULT_EMAIL_SETTINGS },
    ...overrides,
  };
}

/** The signed-in person of the session answer. */
export function buildSessionUser(profile: Profile | null = buildProfile()) {
  return { id: 'user-1', email: 'ada@example.com', profile };
}

/** Stubs for the ResizeObserver Radix's menus and dialogs measure with (jsdom has none). */
export class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
