import type { Placeholder } from 'drizzle-orm';
import { unauthenticated } from './errors.ts';

/** The signed-in person making a request; `null` when nobody is signed in. */
export interface Viewer {
  id: string;
}

/**
 * The signed-in viewer's id inside a query: a value, or the placeholder of a prepared query
 * (server/lib/prepared.ts); null signed out, which a query turns into constants.
 */
export type ViewerParam = string | Placeholder | null;

/** The signed-in viewer, or 401 `unauthenticated` with `message`. */
export function requireViewer(viewer: Viewer | null, message = 'You need to sign in first.'): Viewer {
  if (!viewer) throw unauthenticated(message);
  return viewer;
}
