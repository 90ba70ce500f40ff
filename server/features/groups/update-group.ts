import { eq, sql } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { GROUP_LIVE_EVENTS, groupTopic, type GroupSummary, type GroupUpdateInput } from '#shared/schemas/groups.ts';
import { groups } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { findGroupById } from './find-group.ts';
import { checkGroupFields, isSlugTaken, slugTaken } from './group-input.ts';
import { hasPgCode } from '../../lib/database-errors.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireHost } from './host-only.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Changes some of a group's fields; its host only. The fields are checked as at creation;
 * watchers of the group hear 'group.updated' (with the slug, which its page's address uses).
 */
export async function updateGroup(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  groupId: string;
  input: GroupUpdateInput;
}): Promise<GroupSummary> {
  const { groupId, input } = options;
  const viewer = requireViewer(options.viewer);
  try {
    return await options.transaction(async (tx, { emit }) => {
      const found = await findGroupById(tx, groupId);
      if (!found) throw notFound(GROUP_MESSAGES.notFound);
      requireHost(viewer, found);
      if (Object.values(input).every((value) => value === undefined)) throw badRequest(GROUP_MESSAGES.invalidData);
      const fields = await checkGroupFields(tx, input, viewer.id);
      if (fields.slug !== undefined && (await isSlugTaken(tx, fields.slug, groupId))) throw slugTaken();
      // approval only means something for a question queue, which only ama groups have
      if (!(fields.ama ?? found.ama)) {
        fields.questionsNeedApproval = false;
        fields.anonymousQuestions = false;
        fields.openQuestionCap = null;
        fields.freshOrder = false;
      }
      const [row] = await tx
        .update(groups)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(groups.id, groupId))
        .returning({ id: groups.id, slug: groups.slug });
      if (!row) throw notFound(GROUP_MESSAGES.notFound);
      emit({
        topic: groupTopic(groupId),
        event: GROUP_LIVE_EVENTS.groupUpdated,
        ids: { groupId },
        data: { slug: row.slug },
      });
      const group = await findGroupById(tx, groupId);
      if (!group) throw notFound(GROUP_MESSAGES.notFound);
      return group;
    });
  } catch (error) {
    // another group took the slug between our check and our write: the unique index decides
    if (hasPgCode(error, '23505')) throw slugTaken();
    throw error;
  }
}
