/** Limits, texts, tabs and links of search, shared by the server and the client. */

export const SEARCH_LIMITS = {
  /** Longer queries are refused (400). */
  queryMax: 200,
  /** Suggestions in all, and of each kind before the others fill the rest. */
  suggestionsMax: 10,
  suggestionsPerKind: { user: 4, group: 4, question: 2 },
  pageSize: 20,
  /** Results of one tab reach at most this far (50 pages). */
  resultsMax: 1000,
  /** Post excerpts in results are cut to this many characters. */
  excerptMax: 300,
} as const;

export const SEARCH_MESSAGES = {
  queryTooLong: `Search for at most ${SEARCH_LIMITS.queryMax} characters.`,
  badCursor: 'This page of results is no longer available. Please search again.',
  badType: 'Choose what to search: people, groups, questions or posts.',
} as const;

/** The /search page's tabs. */
export const SEARCH_TYPES = ['people', 'groups', 'questions', 'posts'] as const;

/** Where a result or suggestion leads. */
export const searchHrefs = {
  person: (username: string) => `/${username}`,
  group: (slug: string) => `/group/${slug}`,
  question: (slug: string, questionId: string) => `/group/${slug}/question/${questionId}`,
  post: (slug: string, postId: string) => `/group/${slug}/post/${postId}`,
};
