import { escapeLike } from '../../lib/like-pattern.ts';
/**
 * What the searched text becomes before it reaches SQL. Every piece goes in as a bound
 * parameter; here LIKE's own wildcards are escaped, so `%`, `_` and `\` match themselves.
 */

/** Below this many characters pg_trgm has too few trigrams: only prefixes are matched. */
export const TRIGRAM_MIN_LENGTH = 3;
/** Words of the text that get typo variants; more would only slow the query down. */
const TYPO_WORDS_MAX = 4;
const TYPO_WORD_MAX_LENGTH = 20;

export interface SearchText {
  /** Trimmed, as typed. */
  text: string;
  /** Lowercase. */
  lower: string;
  /** `lower` with LIKE's wildcards escaped, then `%`: a prefix pattern. */
  prefix: string;
  /** Long enough for trigram and full-text matching. */
  isLong: boolean;
  /**
   * Per word of three or more letters or digits, a regular expression of the word and of each
   * spelling with two neighbouring letters swapped ("jhon" → "(jhon|hjon|john|jhno)"): trigram
   * similarity misses such transpositions in short words, and a trigram index answers these.
   */
  typoWords: string[];
  /** Has a letter or digit (full-text search has something to look for). */
  hasWords: boolean;
}

/** The word itself and every spelling with two neighbouring characters swapped, without repeats. */
export function transpositions(word: string): string[] {
  const variants = new Set([word]);
  for (let index = 0; index < word.length - 1; index++) {
    const swapped = word.slice(0, index) + word.charAt(index + 1) + word.charAt(index) + word.slice(index + 2);
    variants.add(swapped);
  }
  return [...variants];
}

/** Prepares the (already trimmed) text of a search. */
export function searchText(text: string): SearchText {
  const lower = text.toLowerCase();
  // ASCII letters and digits only: pg_trgm always finds trigrams in those, so no pattern
  // ever degrades into reading a whole index.
  const words = (lower.match(/[a-z0-9]+/g) ?? [])
    .filter((word) => word.length >= TRIGRAM_MIN_LENGTH && word.length <= TYPO_WORD_MAX_LENGTH)
    .slice(0, TYPO_WORDS_MAX);
  return {
    text,
    lower,
    prefix: `${escapeLike(lower)}%`,
    isLong: [...text].length >= TRIGRAM_MIN_LENGTH,
    // Only letters and digits go in, so nothing here is a regular expression's own syntax.
    typoWords: words.map((word) => `(${transpositions(word).join('|')})`),
    hasWords: /[\p{L}\p{N}]/u.test(text),
  };
}

/** The opaque cursor of a result offset. */
export function encodeOffset(offset: number): string {
  return Buffer.from(`o${offset}`).toString('base64url');
}

/** The offset a cursor names, or null when it is not one of ours or lies beyond `max`. */
export function decodeOffset(cursor: string, max: number): number | null {
  const match = /^o(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) return null;
  const offset = Number(match[1]);
  return offset > 0 && offset < max ? offset : null;
}
