/**
 * List and read failures of subscriptions return empty results. The page shows
 * an empty list instead of an error and the cause is logged as a warning; a cancelled request
 * (the query was dropped) still rejects, so TanStack Query discards it.
 */
export async function emptyOnFailure<T>(read: Promise<T>, empty: T, what: string, signal?: AbortSignal): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`${what} failed; showing an empty list`, error);
    return empty;
  }
}
