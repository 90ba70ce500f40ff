import type { Placeholder } from 'drizzle-orm';

/** The signed-in person making a request; `null` when nobody is signed in. */
export interface Viewer {
  id: string;
}

/**
 * The signed-in viewer's id inside a query: a value, or the placeholder of a prepared query
 * (server/lib/prepared.ts); null signed out, which a query turns into constants.
 */
export type ViewerParam = string | Placeholder | null;
