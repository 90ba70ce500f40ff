import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { GROUP_LIMITS } from '#shared/constants/limits.ts';
import { normalizeSlug, slugFormatMessages } from '#shared/lib/slug-rules.ts';
import type { GroupSummary, GroupUpdateInput } from '#shared/schemas/groups.ts';

/** What the group form edits. */
export type GroupFormValues = {
  name: string;
  slug: string;
  description: string;
  groupImage: string;
  ama: boolean;
  /** Questions wait for the host's approval (only meaningful with ama). */
  questionsNeedApproval: boolean;
};

/** Fields a message can belong to (the server names the same ones in a 400's `fields`). */
export type GroupFormField = 'name' | 'slug' | 'description' | 'groupImage';

export const GROUP_FORM_FIELDS: readonly GroupFormField[] = ['name', 'slug', 'description', 'groupImage'];

/** An empty form, for a new group. */
export const EMPTY_GROUP_FORM: GroupFormValues = {
  name: '',
  slug: '',
  description: '',
  groupImage: '',
  ama: false,
  questionsNeedApproval: false,
};

/** The form's values for an existing group. */
export function groupFormValues(group: GroupSummary): GroupFormValues {
  return {
    name: group.name,
    slug: group.slug,
    description: group.description,
    groupImage: group.groupImage,
    ama: group.ama,
    questionsNeedApproval: group.questionsNeedApproval,
  };
}

/** The slug's messages that need no server: empty, length, characters, reserved words. */
export function slugMessages(slug: string): string[] {
  return slugFormatMessages(slug);
}

/**
 * The checks the server makes too, with its words, so most mistakes show before sending. The
 * slug's messages are joined with '. ' as the server joins them.
 */
export function groupFieldErrors(values: GroupFormValues): Partial<Record<GroupFormField, string>> {
  const errors: Partial<Record<GroupFormField, string>> = {};
  const name = values.name.trim();
  if (name === '') errors.name = GROUP_MESSAGES.nameEmpty;
  else if (name.length > GROUP_LIMITS.nameMax) errors.name = GROUP_MESSAGES.nameTooLong;
  const slug = slugMessages(values.slug);
  if (slug.length > 0) errors.slug = slug.join('. ');
  if (values.description.length > GROUP_LIMITS.descriptionMax) errors.description = GROUP_MESSAGES.descriptionTooLong;
  return errors;
}

/** The field a server message names (`name`, or `body.name`), if the form has it. */
export function formFieldOf(path: string): GroupFormField | null {
  const name = path.split('.').at(-1);
  return GROUP_FORM_FIELDS.find((field) => field === name) ?? null;
}

/** Only what changed, trimmed as it will be stored, for PATCH. */
export function groupChanges(values: GroupFormValues, saved: GroupFormValues): GroupUpdateInput {
  const changes: GroupUpdateInput = {};
  if (values.name.trim() !== saved.name) changes.name = values.name.trim();
  if (normalizeSlug(values.slug) !== normalizeSlug(saved.slug)) changes.slug = normalizeSlug(values.slug);
  if (values.description !== saved.description) changes.description = values.description;
  if (values.groupImage !== saved.groupImage) changes.groupImage = values.groupImage;
  if (values.ama !== saved.ama) changes.ama = values.ama;
  if (values.questionsNeedApproval !== saved.questionsNeedApproval) {
    changes.questionsNeedApproval = values.questionsNeedApproval;
  }
  return changes;
}
