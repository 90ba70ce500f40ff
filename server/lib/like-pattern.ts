/** `value` with LIKE's wildcards and escape character escaped (default escape `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern that finds `text` anywhere, its % _ and \ taken literally. */
export const likePattern = (text: string): string => `%${escapeLike(text)}%`;
