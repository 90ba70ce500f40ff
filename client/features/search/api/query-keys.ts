import type { SearchType } from '#shared/schemas/search.ts';

/** Query keys of search: one list per text and tab. */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string, type: SearchType) => ['search', 'results', type, q] as const,
};
