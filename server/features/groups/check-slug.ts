import { normalizeSlug, slugFormatMessages } from '#shared/lib/slug-rules.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { Queryable } from '../../db/client.ts';
import { isSlugTaken } from './group-input.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * Whether a slug is free for a new group, or for the group `groupId` being edited (its own
 * slug counts as free). For the form's comfort: creating and editing check again.
 */
export async function checkSlugAvailability(options: {
  db: Queryable;
  slug: string;
  groupId?: string | undefined;
}): Promise<{ available: boolean; message: string | null }> {
  const [problem] = slugFormatMessages(options.slug);
  if (problem) return { available: false, message: problem };
  const groupId = options.groupId && isUuid(options.groupId) ? options.groupId : undefined;
  if (await isSlugTaken(options.db, normalizeSlug(options.slug), groupId)) {
    return { available: false, message: GROUP_MESSAGES.slugTaken };
  }
  return { available: true, message: null };
}
