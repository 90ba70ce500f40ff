import { api } from '#client/lib/api-client.ts';
import { SEARCH_LIMITS } from '#shared/constants/search.ts';
import { SuggestionsResponseSchema, type Suggestion } from '#shared/schemas/search.ts';

/**
 * GET /api/search/suggestions?q=…: people, then groups, then questions (at most 10). Text over
 * the server's limit asks nothing: the search page says why when it is submitted.
 */
export async function getSuggestions(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<Suggestion[]> {
  const text = q.trim();
  if (text === '' || text.length > SEARCH_LIMITS.queryMax) return [];
  const answer = await api.get(
    `/api/search/suggestions?${new URLSearchParams({ q: text }).toString()}`,
    SuggestionsResponseSchema,
    { signal },
  );
  return answer.suggestions;
}
