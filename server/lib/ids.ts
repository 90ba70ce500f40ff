const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether a value can be the id of a row keyed by a uuid (a group, post, question, session…),
 * in PostgreSQL's lowercase text form. Anything else is answered "not found" before any query:
 * PostgreSQL would reject it as a uuid.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
