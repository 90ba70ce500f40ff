import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { forbidden, unauthenticated } from '../../lib/errors.ts';

/** The message of every admin route refused to a signed-in person who is not an administrator. */
export const NOT_ADMIN_MESSAGE = 'Only administrators can open this page.';

/** The administrator doing something: the audit log keeps both. */
export interface Admin {
  id: string;
  email: string;
}

/**
 * Refuses the request unless its viewer is an administrator: 401 signed out, 403 otherwise.
 * The role is read from the database on every request, so a role taken away stops at once.
 */
export async function requireAdmin(db: Database, request: FastifyRequest): Promise<Admin> {
  const viewer = request.viewer;
  if (!viewer) throw unauthenticated();
  const [row] = await db
    .select({ role: users.role, email: users.email })
    .from(users)
    .where(eq(users.id, viewer.id))
    .limit(1);
  if (row?.role !== 'admin') throw forbidden(NOT_ADMIN_MESSAGE);
  return { id: viewer.id, email: row.email };
}
