import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { GroupCreateInput, GroupSummary } from '#shared/schemas/groups.ts';
import { GroupCreateInputSchema } from '#shared/schemas/groups.ts';
import type { Database } from '../../db/client.ts';
import { groups } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { findGroupById } from './find-group.ts';
import { checkGroupFields, isSlugTaken, slugTaken } from './group-input.ts';
import { GROUP_RATE_RULES } from './rate-rules.ts';
import { hasPgCode } from '../../lib/database-errors.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Creates a group hosted by the viewer. Every field is checked and all failures answered at
 * once; the slug is stored lowercase and must be free in any case (the unique index on
 * lower(slug) settles a race). At most 20 new groups an hour per account.
 */
export async function createGroup(options: {
  db: Database;
  rateLimit: RateLimiter;
  viewer: Viewer | null;
  input: GroupCreateInput;
}): Promise<GroupSummary> {
  const { db, rateLimit } = options;
  const viewer = requireViewer(options.viewer, GROUP_MESSAGES.unauthenticated);
  const input = GroupCreateInputSchema.parse(options.input);
  const fields = await checkGroupFields(db, input, viewer.id);
  const slug = fields.slug ?? '';
  if (await isSlugTaken(db, slug)) throw slugTaken();
  // Only created groups count: a unit is taken now and given back if the insert fails, so
  // concurrent creations cannot all pass a check before any of them is counted.
  const reservation = await rateLimit.reserve(GROUP_RATE_RULES.groupCreationsPerAccount, viewer.id);

  let id: string;
  try {
    const [row] = await db
      .insert(groups)
      .values({
        slug,
        name: fields.name ?? '',
        description: fields.description ?? '',
        groupImage: fields.groupImage ?? '',
        ama: fields.ama ?? false,
        // approval only means something for a question queue, which only ama groups have
        questionsNeedApproval: (fields.ama ?? false) && (fields.questionsNeedApproval ?? false),
        // so do the live Q&A's settings
        anonymousQuestions: (fields.ama ?? false) && (fields.anonymousQuestions ?? false),
        openQuestionCap: fields.ama ? (fields.openQuestionCap ?? null) : null,
        freshOrder: (fields.ama ?? false) && (fields.freshOrder ?? false),
        ownerId: viewer.id,
      })
      .returning({ id: groups.id });
    if (!row) throw new Error('the new group was not returned');
    id = row.id;
  } catch (error) {
    await reservation.release().catch(() => undefined);
    if (hasPgCode(error, '23505')) throw slugTaken();
    throw error;
  }
  const group = await findGroupById(db, id);
  if (!group) throw new Error(`group ${id} vanished right after its creation`);
  return group;
}
