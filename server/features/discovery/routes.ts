import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatorListQuerySchema,
  CreatorListResponseSchema,
  DashboardResponseSchema,
  FeedQuerySchema,
  FeedResponseSchema,
  MySessionsQuerySchema,
  MySessionsResponseSchema,
  type DashboardResponse,
  type FeedResponse,
} from '#shared/schemas/discovery.ts';
import type { SessionListResponse } from '#shared/schemas/sessions.ts';
import { PageCache } from '../../lib/page-cache.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { listCreators } from './list-creators.ts';
import { listFeed } from './list-feed.ts';
import { listMySessions } from './list-my-sessions.ts';
import { loadDashboard } from './load-dashboard.ts';

const TAGS = ['discovery'];
const error = ErrorResponseSchema;

/** The signed-in home feed, the sessions of my groups, the creators directory and the creator dashboard. */
export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // a person's feed and sessions, served again until something they show changes (decision 035)
  const feedPages = new PageCache<FeedResponse>({ events: app.groupEvents });
  const mySessionPages = new PageCache<SessionListResponse>({ events: app.groupEvents });
  const dashboards = new PageCache<DashboardResponse>({ events: app.groupEvents });
  app.get(
    '/api/me/feed',
    {
      schema: {
        summary: "Posts and answers of the viewer's groups and of the groups of creators they follow, newest first",
        description:
          'Groups the viewer subscribes to, is a member of or hosts, and groups hosted by people they follow. ' +
          'Answers of hidden questions are left out. 20 a page; pass `nextCursor` as `cursor` for the next.',
        tags: TAGS,
        querystring: FeedQuerySchema,
        response: { 200: FeedResponseSchema, 400: error, 401: error },
      },
    },
    async (request) => listFeed({ db: app.db, viewer: request.viewer, ...request.query, cache: feedPages }),
  );

  app.get(
    '/api/me/sessions',
    {
      schema: {
        summary: "Sessions of the viewer's groups: upcoming (soonest first) or live",
        description: 'Groups the viewer subscribes to, is a member of or hosts. 20 a page.',
        tags: TAGS,
        querystring: MySessionsQuerySchema,
        response: { 200: MySessionsResponseSchema, 400: error, 401: error },
      },
    },
    async (request) => listMySessions({ db: app.db, viewer: request.viewer, ...request.query, cache: mySessionPages }),
  );

  app.get(
    '/api/me/dashboard',
    {
      schema: {
        summary: 'The creator dashboard: hosted groups with their counts, upcoming sessions and recent activity',
        description:
          '`unansweredCount`: open, not hidden questions; `pendingCount`: questions waiting for approval. ' +
          "`activity`: other people's latest questions, comments, posts and subscriptions in the viewer's groups.",
        tags: TAGS,
        response: { 200: DashboardResponseSchema, 401: error },
      },
    },
    async (request) => loadDashboard({ db: app.db, viewer: request.viewer, cache: dashboards }),
  );

  app.get(
    '/api/creators',
    {
      schema: {
        summary: 'Creators (people hosting at least one group), most followers first',
        description: 'Disabled accounts are left out. 20 a page unless `limit` says; pass `nextCursor` as `cursor`.',
        tags: TAGS,
        querystring: CreatorListQuerySchema,
        response: { 200: CreatorListResponseSchema, 400: error },
      },
    },
    async (request) => listCreators({ db: app.db, viewer: request.viewer, ...request.query }),
  );
};
