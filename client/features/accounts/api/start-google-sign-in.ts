import { useMutation } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { GoogleSignInStartInput, GoogleSignInStartResponse } from '#shared/schemas/google-sign-in.ts';

/**
 * POST /api/accounts/google/start: the server keeps the sign-in's state (and sets its cookie)
 * and answers the URL of Google's sign-in page. A POST, not a link: starting a sign-in changes
 * something, so it passes the Origin check and the rate limit like every other write.
 */
export async function startGoogleSignIn(input: GoogleSignInStartInput): Promise<string> {
  return (await api.post<GoogleSignInStartResponse>('/api/accounts/google/start', input)).url;
}

/** Starts "Continue with Google" and sends the browser to Google; it comes back to the app. */
export function useStartGoogleSignIn() {
  return useMutation({
    mutationFn: startGoogleSignIn,
    retry: false,
    onSuccess: (url) => {
      window.location.assign(url);
    },
    onError: (error) => {
      console.warn('Google sign-in could not start', error);
    },
  });
}
