import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';

/**
 * Sessions are managed by the group's host alone (its owner now, not the one who scheduled it,
 * should the group change hands).
 */
export function requireSessionHost(viewer: Viewer, group: { ownerId: string }): void {
  if (group.ownerId !== viewer.id) throw new AppError(403, 'forbidden', SESSION_MESSAGES.notHost);
}
