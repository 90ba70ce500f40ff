import { z } from 'zod';
import { SEARCH_MESSAGES, SEARCH_TYPES } from '#shared/constants/search.ts';
import { GroupPersonSchema } from '#shared/schemas/groups.ts';

/**
 * The API contract of search: the top bar's suggestions and the /search page's
 * four tabs. The server ranks in PostgreSQL (pg_trgm and full-text search); the client shows.
 */

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export { SEARCH_LIMITS, SEARCH_MESSAGES, SEARCH_TYPES, searchHrefs } from '#shared/constants/search.ts';

export const SearchTypeSchema = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof SearchTypeSchema>;

/** The text searched for; the server trims it, finds nothing for an empty one and refuses one too long (400). */
const QuerySchema = z.string().max(10_000).default('');

/** Query of GET /api/search/suggestions. */
export const SuggestionsQuerySchema = z.strictObject({ q: QuerySchema });

export const SuggestionSchema = z.object({
  type: z.enum(['user', 'group', 'question']),
  id: z.string(),
  label: z.string(),
  description: z.string(),
  /** Where picking it goes. */
  href: z.string(),
  /** The avatar or group image, if any. */
  imageUrl: z.string().nullable(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
export const SuggestionsResponseSchema = z.object({ suggestions: z.array(SuggestionSchema) });
export type SuggestionsResponse = z.infer<typeof SuggestionsResponseSchema>;

/** Query of GET /api/search. `cursor` is the `nextCursor` of the page before. */
export const SearchQuerySchema = z.strictObject({
  q: QuerySchema,
  type: z.enum(SEARCH_TYPES, { error: SEARCH_MESSAGES.badType }).default('people'),
  cursor: z.string().max(100).optional(),
});

export const PersonResultSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  profileImageURL: z.string(),
  quote: z.string(),
  followers: z.number().int(),
});
export type PersonResult = z.infer<typeof PersonResultSchema>;

export const GroupResultSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  groupImage: z.string(),
  ama: z.boolean(),
  subscriberCount: z.number().int(),
  host: GroupPersonSchema,
});
export type GroupResult = z.infer<typeof GroupResultSchema>;

export const QuestionResultSchema = z.object({
  id: z.string(),
  body: z.string(),
  groupSlug: z.string(),
  groupName: z.string(),
  likeCount: z.number().int(),
  isAnswered: z.boolean(),
  createdAt: z.iso.datetime(),
  author: GroupPersonSchema,
  href: z.string(),
});
export type QuestionResult = z.infer<typeof QuestionResultSchema>;

export const PostResultSchema = z.object({
  id: z.string(),
  /** The start of the body, at most SEARCH_LIMITS.excerptMax characters. */
  excerpt: z.string(),
  groupSlug: z.string(),
  groupName: z.string(),
  likeCount: z.number().int(),
  createdAt: z.iso.datetime(),
  author: GroupPersonSchema,
  href: z.string(),
});
export type PostResult = z.infer<typeof PostResultSchema>;

/** One page of one tab: the results of its kind, best first. */
export const SearchResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('people'), results: z.array(PersonResultSchema), nextCursor: z.string().nullable() }),
  z.object({ type: z.literal('groups'), results: z.array(GroupResultSchema), nextCursor: z.string().nullable() }),
  z.object({
    type: z.literal('questions'),
    results: z.array(QuestionResultSchema),
    nextCursor: z.string().nullable(),
  }),
  z.object({ type: z.literal('posts'), results: z.array(PostResultSchema), nextCursor: z.string().nullable() }),
]);
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
