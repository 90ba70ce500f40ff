import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  SEARCH_LIMITS,
  SearchQuerySchema,
  SearchResponseSchema,
  SuggestionsQuerySchema,
  SuggestionsResponseSchema,
} from '#shared/schemas/search.ts';
import { perAddress } from '../../plugins/rate-limit.ts';
import { SEARCH_RATE_RULES } from './rate-rules.ts';
import { DEPENDS_ON, SearchCache, searchRows, suggestionRows } from './result-cache.ts';
import { runSearch } from './run-search.ts';
import { suggest } from './suggest.ts';

const TAGS = ['search'];
const error = ErrorResponseSchema;

/** Site search: the top bar's suggestions and the /search page. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers served again while nothing they depend on has changed (decision 022).
  const cache = new SearchCache();
  app.get(
    '/api/search/suggestions',
    {
      schema: {
        summary: 'Suggestions as a person types: people, then groups, then questions',
        description:
          `At most ${SEARCH_LIMITS.suggestionsMax}. \`q\` is trimmed; empty finds nothing; longer than ` +
          `${SEARCH_LIMITS.queryMax} characters is a 400. Typo-tolerant (pg_trgm and full-text search).`,
        tags: TAGS,
        querystring: SuggestionsQuerySchema,
        response: { 200: SuggestionsResponseSchema, 400: error, 429: error },
      },
      config: perAddress(SEARCH_RATE_RULES.suggestionsPerAddress),
    },
    async (request) => {
      const { q } = request.query;
      return cache.answer(
        app.db,
        JSON.stringify(['suggestions', q.trim()]),
        DEPENDS_ON.suggestions,
        () => suggest({ db: app.db, q }),
        suggestionRows,
      );
    },
  );

  app.get(
    '/api/search',
    {
      schema: {
        summary: 'One page of search results of one kind: people, groups, questions or posts',
        description:
          `${SEARCH_LIMITS.pageSize} a page, best first; pass \`nextCursor\` as \`cursor\` for the next. ` +
          'Hidden and pending questions and disabled accounts are never found.',
        tags: TAGS,
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 400: error, 429: error },
      },
      config: perAddress(SEARCH_RATE_RULES.searchesPerAddress),
    },
    async (request) => {
      const { q, type, cursor } = request.query;
      const key = JSON.stringify([type, cursor ?? null, q.trim()]);
      return cache.answer(app.db, key, DEPENDS_ON[type], () => runSearch({ db: app.db, q, type, cursor }), searchRows);
    },
  );
};
