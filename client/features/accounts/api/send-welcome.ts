import { api } from '#client/lib/api-client.ts';
import type { GoogleIdTokenResponse, WelcomeInput } from '#shared/schemas/google-sign-in.ts';

/** GET /api/accounts/google/id-token: the Google ID token of this browser's person (read with the session cookie). */
export async function getGoogleIdToken(): Promise<string> {
  return (await api.get<GoogleIdTokenResponse>('/api/accounts/google/id-token')).idToken;
}

/**
 * The welcome call after a new Google sign-up: POST /api/auth/welcome with the Google ID token as
 * Bearer and the new person's e-mail, name and username. Fire-and-forget: nothing waits for it,
 * and a failure is only logged, with the answer's `error` field alone.
 */
export async function sendWelcome(input: WelcomeInput): Promise<void> {
  let idToken: string;
  try {
    idToken = await getGoogleIdToken();
  } catch (error) {
    console.error({ code: 'id_token_unavailable', message: (error as Error).message });
    return;
  }
  try {
    const response = await fetch('/api/auth/welcome', {
      method: 'POST',
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(input),
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const payload = (await response.json().catch(() => null)) as { error?: unknown } | null;
      console.error(
        payload?.error ?? { code: 'http_error', message: `The server answered with status ${response.status}.` },
      );
    }
  } catch (error) {
    console.error({ code: 'network_error', message: (error as Error).message });
  }
}
