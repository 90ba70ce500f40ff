import { api } from '#client/lib/api-client.ts';
import type { AvailabilityResponse } from '#shared/schemas/accounts.ts';

/**
 * GET /api/accounts/availability for one field: sign-up's own message when the e-mail or
 * username cannot sign up, null when free. Null too when the check itself fails (rate limit,
 * network): it is only an early hint, and sign-up checks everything again.
 */
export async function checkAvailability(field: 'email' | 'username', value: string): Promise<string | null> {
  try {
    const answer = await api.get<AvailabilityResponse>(
      `/api/accounts/availability?${new URLSearchParams({ [field]: value }).toString()}`,
    );
    return answer[field] ?? null;
  } catch (error) {
    console.warn('Availability check failed', error);
    return null;
  }
}
