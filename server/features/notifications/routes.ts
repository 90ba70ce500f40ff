import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  MarkNotificationsReadInputSchema,
  MarkNotificationsReadResponseSchema,
  NotificationListQuerySchema,
  NotificationListResponseSchema,
  UnreadCountResponseSchema,
  type NotificationListResponse,
} from '#shared/schemas/notifications.ts';
import { PageCache } from '../../lib/page-cache.ts';
import { countUnread, listNotifications, UNREAD_COUNT_CAP } from './list-notifications.ts';
import { markNotificationsRead } from './mark-read.ts';
import { requireViewer } from '../../lib/viewer.ts';

const TAGS = ['notifications'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

/** The bell: the signed-in person's notifications, their unread count, and marking them read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // a person's notifications, served again until something they show changes (decision 035)
  const notificationPages = new PageCache<NotificationListResponse>({ events: app.groupEvents });
  app.get(
    '/api/notifications',
    {
      schema: {
        summary: 'My notifications, newest first, 20 a page',
        tags: TAGS,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListResponseSchema, ...errors },
      },
    },
    async (request) =>
      listNotifications({
        db: app.db,
        viewer: requireViewer(request.viewer),
        cursor: request.query.cursor,
        cache: notificationPages,
      }),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        summary: 'How many of my notifications are unread',
        description: `Counts up to ${String(UNREAD_COUNT_CAP)}: a bell shows "99+" beyond 99.`,
        tags: TAGS,
        response: { 200: UnreadCountResponseSchema, ...errors },
      },
    },
    async (request) => ({ count: await countUnread({ db: app.db, viewer: requireViewer(request.viewer) }) }),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        summary: 'Mark notifications read: those of `ids`, or all of them',
        tags: TAGS,
        body: MarkNotificationsReadInputSchema,
        response: { 200: MarkNotificationsReadResponseSchema, ...errors },
      },
    },
    async (request) => ({
      count: await markNotificationsRead({
        transaction: app.transaction,
        viewer: requireViewer(request.viewer),
        ids: request.body.ids,
      }),
    }),
  );
};
