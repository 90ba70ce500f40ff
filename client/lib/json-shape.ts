/**
 * Plain checks of parsed JSON, for the few things the client reads with a real check rather than
 * trusting the shared schemas' types: error bodies, the session's account and profile, and the
 * live channel's messages. They accept what the zod schemas of shared/schemas accept, and the
 * client loads no zod for them.
 */

/** A JSON object: not null, not an array (what `z.object` and `z.record` take). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

/** A whole number that a double holds exactly, as `z.number().int()` requires. */
export function isInteger(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

/** An object whose every value passes `isValue`, as `z.record(z.string(), …)` requires. */
export function isRecordOf<T>(value: unknown, isValue: (item: unknown) => item is T): value is Record<string, T> {
  return isJsonObject(value) && Object.values(value).every(isValue);
}

/** An array whose every item passes `isItem`. */
export function isArrayOf<T>(value: unknown, isItem: (item: unknown) => item is T): value is T[] {
  return Array.isArray(value) && value.every(isItem);
}

// Date and time, seconds required, any fraction, UTC: what `z.iso.datetime()` takes by default.
const ISO_DATE_TIME = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/;

/** An ISO 8601 UTC date-time such as `2025-01-01T09:30:00.000Z`, on a day the calendar has. */
export function isIsoDateTime(value: unknown): value is string {
  if (!isString(value) || !ISO_DATE_TIME.test(value)) return false;
  // Date rolls 2025-02-30 over into March: a day that does not exist comes back different.
  return new Date(value).toISOString().slice(0, 10) === value.slice(0, 10);
}
