import { useMutation } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { ContactInput, ContactResponse } from '#shared/schemas/site.ts';

/** POST /api/contact: keeps the message for the administrators of this instance. */
export function sendContactMessage(input: ContactInput): Promise<ContactResponse> {
  return api.post<ContactResponse>('/api/contact', input);
}

/** Sends a contact message; never retried, so a message is not sent twice. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage, retry: false });
}
