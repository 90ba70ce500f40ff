import { and, eq, ne, sql } from 'drizzle-orm';
import { singleLine } from '#shared/lib/single-line.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { parseImageUrl } from '#shared/lib/image-urls.ts';
import { normalizeSlug, slugFormatMessages } from '#shared/lib/slug-rules.ts';
import { joinMessages } from '#shared/lib/username-rules.ts';
import { GROUP_LIMITS, type GroupUpdateInput } from '#shared/schemas/groups.ts';
import type { Queryable } from '../../db/client.ts';
import { groups, images } from '../../db/schema/index.ts';
import { AppError, validationFailed } from '../../lib/errors.ts';

/** A group's fields as stored: trimmed, the slug lowercase. */
export interface GroupFields {
  name?: string;
  slug?: string;
  description?: string;
  groupImage?: string;
  ama?: boolean;
  questionsNeedApproval?: boolean;
  anonymousQuestions?: boolean;
  openQuestionCap?: number | null;
  freshOrder?: boolean;
}

/** '' (no picture) or the URL of a 'group' image `ownerId` uploaded (as profileImageURL checks avatars). */
async function isOwnImage(db: Queryable, url: string, ownerId: string): Promise<boolean> {
  if (url === '') return true;
  const parsed = parseImageUrl(url);
  if (!parsed) return false;
  const rows = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, parsed.imageId), eq(images.ownerId, ownerId), eq(images.purpose, 'group')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Checks the fields given (all of them at creation, any at an edit) and answers every
 * failing one at once: 400 `validation_failed`, `fields` keyed name, slug, description,
 * groupImage, the message all of them joined with '. '. Returns the fields as stored.
 */
export async function checkGroupFields(db: Queryable, input: GroupUpdateInput, ownerId: string): Promise<GroupFields> {
  const fields: GroupFields = {};
  const problems: Record<string, string[]> = {};
  if (input.name !== undefined) {
    const name = singleLine(input.name);
    if (name === '') problems.name = [GROUP_MESSAGES.nameEmpty];
    else if (name.length > GROUP_LIMITS.nameMax) problems.name = [GROUP_MESSAGES.nameTooLong];
    fields.name = name;
  }
  if (input.slug !== undefined) {
    const messages = slugFormatMessages(input.slug);
    if (messages.length > 0) problems.slug = messages;
    fields.slug = normalizeSlug(input.slug);
  }
  if (input.description !== undefined) {
    const description = input.description.trim();
    if (description.length > GROUP_LIMITS.descriptionMax) problems.description = [GROUP_MESSAGES.descriptionTooLong];
    fields.description = description;
  }
  if (input.groupImage !== undefined) {
    const groupImage = input.groupImage.trim();
    if (!(await isOwnImage(db, groupImage, ownerId))) problems.groupImage = [GROUP_MESSAGES.imageNotOurs];
    fields.groupImage = groupImage;
  }
  if (input.ama !== undefined) fields.ama = input.ama;
  if (input.questionsNeedApproval !== undefined) fields.questionsNeedApproval = input.questionsNeedApproval;
  if (input.anonymousQuestions !== undefined) fields.anonymousQuestions = input.anonymousQuestions;
  if (input.openQuestionCap !== undefined) fields.openQuestionCap = input.openQuestionCap;
  if (input.freshOrder !== undefined) fields.freshOrder = input.freshOrder;
  const entries = Object.entries(problems);
  if (entries.length > 0) {
    throw validationFailed(
      joinMessages(entries.flatMap(([, messages]) => messages)),
      Object.fromEntries(entries.map(([field, messages]) => [field, joinMessages(messages)])),
    );
  }
  return fields;
}

/** The 409 of a slug another group has, in any case. */
export const slugTaken = () =>
  new AppError(409, 'slug_taken', GROUP_MESSAGES.slugTaken, { fields: { slug: GROUP_MESSAGES.slugTaken } });

/** Whether another group than `exceptGroupId` has this (normalized) slug, in any case. */
export async function isSlugTaken(db: Queryable, slug: string, exceptGroupId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(sql`lower(${groups.slug}) = ${slug}`, exceptGroupId ? ne(groups.id, exceptGroupId) : undefined))
    .limit(1);
  return rows.length > 0;
}
