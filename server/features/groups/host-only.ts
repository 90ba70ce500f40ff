import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';

/** The signed-in viewer, or 401 `unauthenticated` with `message`. */
export function requireViewer(viewer: Viewer | null, message = 'You need to sign in first.'): Viewer {
  if (!viewer) throw new AppError(401, 'unauthenticated', message);
  return viewer;
}

/**
 * Managing a group (editing, deleting, members) is its host's alone: the owner, not anyone
 * the interaction rule lets post or like.
 */
export function requireHost(viewer: Viewer, group: { ownerId: string }): void {
  if (group.ownerId !== viewer.id) throw new AppError(403, 'forbidden', GROUP_MESSAGES.notHost);
}
