import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';

/**
 * Managing a group (editing, deleting, members) is its host's alone: the owner, not anyone
 * the interaction rule lets post or like.
 */
export function requireHost(viewer: Viewer, group: { ownerId: string }): void {
  if (group.ownerId !== viewer.id) throw new AppError(403, 'forbidden', GROUP_MESSAGES.notHost);
}
