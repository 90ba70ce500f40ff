import { api } from '#client/lib/api-client.ts';
import { SEARCH_LIMITS } from '#shared/constants/search.ts';
import type { Suggestion, SuggestionsResponse } from '#shared/schemas/search.ts';

/**
 * GET /api/search/suggestions?q=…: people, then groups, then questions (at most 10). Text over
 * the server's limit asks nothing: the search page says why when it is submitted.
 */
export async function getSuggestions(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<Suggestion[]> {
  const text = q.trim();
  if (text === '' || text.length > SEARCH_LIMITS.queryMax) return [];
  const answer = await api.get<SuggestionsResponse>(
    `/api/search/suggestions?${new URLSearchParams({ q: text }).toString()}`,
    { signal },
  );
  return answer.suggestions;
}
