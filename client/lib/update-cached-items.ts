import type { QueryClient } from '@tanstack/react-query';

/** An item as cached: a plain object, found by its `id`. */
export type CachedItem = Record<string, unknown> & { id: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function replaceIn(value: unknown, id: string, update: (item: CachedItem) => CachedItem): unknown {
  if (Array.isArray(value)) {
    let hasChanged = false;
    const next = value.map((entry: unknown) => {
      const replaced = replaceIn(entry, id, update);
      if (replaced !== entry) hasChanged = true;
      return replaced;
    });
    return hasChanged ? next : value;
  }
  if (!isPlainObject(value)) return value;
  let result: Record<string, unknown> = value;
  for (const [key, field] of Object.entries(value)) {
    const replaced = replaceIn(field, id, update);
    if (replaced !== field) {
      if (result === value) result = { ...value };
      result[key] = replaced;
    }
  }
  return result.id === id ? update(result as CachedItem) : result;
}

/**
 * Changes the item `id` in every cached query that holds it (a feed, a queue and its pinned
 * slot, a thread, a suggestion list), so every place that shows it agrees. Ids are unique
 * across posts, comments, questions and answers. Queries without the item keep their data as is.
 */
export function updateCachedItems(
  queryClient: QueryClient,
  id: string,
  update: (item: CachedItem) => CachedItem,
  { queryKey }: { queryKey?: readonly unknown[] } = {},
): void {
  for (const query of queryClient.getQueryCache().findAll(queryKey ? { queryKey } : {})) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = replaceIn(data, id, update);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}
