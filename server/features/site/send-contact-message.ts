import type { z } from 'zod';
import { CONTACT_TOPIC_VALUES, type ContactInputSchema } from '#shared/schemas/site.ts';
import type { Database } from '../../db/client.ts';
import { CONTACT_TOPICS, contactMessages, type ContactTopic } from '../../db/schema/admin.ts';
import type { Viewer } from '../../lib/viewer.ts';

// The shared form's topics and the column's allowed values are the same list; this fails the
// type check if one of them gains a topic the other lacks.
const sameTopics: readonly ContactTopic[] = CONTACT_TOPIC_VALUES;
const sameValues: readonly (typeof CONTACT_TOPIC_VALUES)[number][] = CONTACT_TOPICS;
void sameTopics;
void sameValues;

export interface SendContactMessageOptions {
  db: Database;
  viewer: Viewer | null;
  input: z.output<typeof ContactInputSchema>;
}

/**
 * Keeps a message from /contact for the administrators. The route's limits (per address and
 * per account) are spent before this runs, so a bot filling the honeypot is limited too; its
 * message is then dropped without a trace, and it gets the same answer as a person, so it
 * learns nothing. Returns whether a row was stored.
 */
export async function sendContactMessage({ db, viewer, input }: SendContactMessageOptions) {
  if (input.website) return { isStored: false };
  // One insert: a transaction of its own.
  await db.insert(contactMessages).values({
    name: input.name,
    email: input.email,
    topic: input.topic,
    message: input.message,
    userId: viewer?.id ?? null,
  });
  return { isStored: true };
}
