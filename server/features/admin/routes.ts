import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAuditPageSchema,
  AdminAuditQuerySchema,
  AdminContactPageSchema,
  AdminContactQuerySchema,
  AdminContactResponseSchema,
  AdminContentPageSchema,
  AdminContentQuerySchema,
  AdminContentTypeSchema,
  AdminGroupsPageSchema,
  AdminGroupsQuerySchema,
  AdminPageViewsQuerySchema,
  AdminPageViewsSchema,
  AdminPasswordResetResponseSchema,
  AdminUserResponseSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  AnonymousAskerResponseSchema,
} from '#shared/schemas/admin-console.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { revealAnonymousAsker } from './anonymous-asker.ts';
import { listAuditLog } from './audit-log.ts';
import { listContactMessages, setContactMessageHandled } from './contact-messages.ts';
import { listContent, removeContent } from './content.ts';
import { listGroups, removeGroup } from './groups.ts';
import { summarizePageViews } from './page-views.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { ADMIN_RATE_RULES } from './rate-rules.ts';
import { requireAdmin } from './require-admin.ts';
import { sendPasswordResetLink } from './send-password-reset.ts';
import { listUsers, setUserDisabled } from './users.ts';

const refusals = { 401: ErrorResponseSchema, 403: ErrorResponseSchema } as const;
const readErrors = { 400: ErrorResponseSchema, ...refusals } as const;
const writeErrors = {
  400: ErrorResponseSchema,
  ...refusals,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
} as const;
const Id = z.string().min(1).max(100);

/**
 * Administration: users, groups and content, contact messages, page views and the audit
 * log. Each route checks the role first; each write records itself in the audit log in its
 * own transaction.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Every write spends the admin write limit (a non-administrator's attempts only their own). */
  const writeLimit = perAccount(ADMIN_RATE_RULES.writesPerAccount);

  app.get(
    '/api/admin/users',
    {
      schema: {
        summary: 'Search accounts, newest first, 20 a page',
        tags: ['admin'],
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersPageSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request);
      return listUsers({ db: app.db, q: request.query.q, cursor: request.query.cursor });
    },
  );

  const setDisabledRoute = (path: string, isDisabled: boolean, summary: string) =>
    app.post(
      path,
      {
        schema: {
          summary,
          tags: ['admin'],
          params: z.strictObject({ userId: Id }),
          response: { 200: AdminUserResponseSchema, ...writeErrors },
        },
        config: writeLimit,
      },
      async (request) => {
        const admin = await requireAdmin(app.db, request);
        const user = await setUserDisabled({
          transaction: app.transaction,
          admin,
          userId: request.params.userId,
          isDisabled,
        });
        return { user };
      },
    );
  setDisabledRoute(
    '/api/admin/users/:userId/disable',
    true,
    'Disable an account: its sessions and live connections end, and it cannot sign in',
  );
  setDisabledRoute('/api/admin/users/:userId/enable', false, 'Enable a disabled account again');

  app.post(
    '/api/admin/users/:userId/password-reset',
    {
      schema: {
        summary: 'E-mail the person the ordinary password reset link, to their own address; recorded in the audit log',
        description: 'Administrators never see the link: the outbox shows it hidden.',
        tags: ['admin'],
        params: z.strictObject({ userId: Id }),
        response: { 200: AdminPasswordResetResponseSchema, ...writeErrors },
      },
      config: writeLimit,
    },
    async (request) => {
      const admin = await requireAdmin(app.db, request);
      // per person as well: nobody's inbox fills with reset links, whoever sends them
      await app.rateLimit.hit(ADMIN_RATE_RULES.passwordResetLinksPerUser, request.params.userId);
      const { email } = await sendPasswordResetLink({
        db: app.db,
        auth: app.auth,
        admin,
        userId: request.params.userId,
      });
      return { sentTo: email };
    },
  );

  app.get(
    '/api/admin/groups',
    {
      schema: {
        summary: 'Search groups, newest first, 20 a page',
        tags: ['admin'],
        querystring: AdminGroupsQuerySchema,
        response: { 200: AdminGroupsPageSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request);
      return listGroups({ db: app.db, q: request.query.q, cursor: request.query.cursor });
    },
  );

  app.delete(
    '/api/admin/groups/:groupId',
    {
      schema: {
        summary: 'Remove a group with everything in it',
        tags: ['admin'],
        params: z.strictObject({ groupId: Id }),
        response: { 204: z.null(), ...writeErrors },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      const admin = await requireAdmin(app.db, request);
      await removeGroup({ transaction: app.transaction, admin, groupId: request.params.groupId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/content',
    {
      schema: {
        summary: 'Posts, questions, comments or answers, newest first, 20 a page',
        tags: ['admin'],
        querystring: AdminContentQuerySchema,
        response: { 200: AdminContentPageSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request);
      return listContent({ db: app.db, type: request.query.type, cursor: request.query.cursor });
    },
  );

  app.get(
    '/api/admin/questions/:questionId/author',
    {
      schema: {
        summary: 'Who asked an anonymous question; each look is recorded in the audit log',
        description:
          'Administrators only (401 signed out, 403 otherwise). 400 when the question was not asked anonymously.',
        tags: ['admin'],
        params: z.strictObject({ questionId: Id }),
        response: {
          200: AnonymousAskerResponseSchema,
          ...refusals,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) =>
      revealAnonymousAsker({
        transaction: app.transaction,
        viewer: request.viewer,
        questionId: request.params.questionId,
      }),
  );

  app.delete(
    '/api/admin/content/:type/:id',
    {
      schema: {
        summary: 'Remove a post, question, comment or answer, as its owner deleting it would',
        tags: ['admin'],
        params: z.strictObject({ type: AdminContentTypeSchema, id: Id }),
        response: { 204: z.null(), ...writeErrors },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      const admin = await requireAdmin(app.db, request);
      await removeContent({ transaction: app.transaction, admin, type: request.params.type, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        summary: 'Messages sent through /contact, newest first, 20 a page',
        tags: ['admin'],
        querystring: AdminContactQuerySchema,
        response: { 200: AdminContactPageSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request);
      return listContactMessages({ db: app.db, status: request.query.status, cursor: request.query.cursor });
    },
  );

  const setHandledRoute = (path: string, isHandled: boolean, summary: string) =>
    app.post(
      path,
      {
        schema: {
          summary,
          tags: ['admin'],
          params: z.strictObject({ messageId: Id }),
          response: { 200: AdminContactResponseSchema, ...writeErrors },
        },
        config: writeLimit,
      },
      async (request) => {
        const admin = await requireAdmin(app.db, request);
        const message = await setContactMessageHandled({
          transaction: app.transaction,
          admin,
          messageId: request.params.messageId,
          isHandled,
        });
        return { message };
      },
    );
  setHandledRoute('/api/admin/contact-messages/:messageId/handle', true, 'Mark a contact message handled');
  setHandledRoute('/api/admin/contact-messages/:messageId/reopen', false, 'Open a handled contact message again');

  app.get(
    '/api/admin/page-views',
    {
      schema: {
        summary: 'Page views per day and the most viewed pages of the last days (UTC)',
        tags: ['admin'],
        querystring: AdminPageViewsQuerySchema,
        response: { 200: AdminPageViewsSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request);
      return summarizePageViews(app.db, request.query.days);
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        summary: 'What administrators did, newest first, 50 a page',
        tags: ['admin'],
        querystring: AdminAuditQuerySchema,
        response: { 200: AdminAuditPageSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request);
      return listAuditLog({ db: app.db, cursor: request.query.cursor });
    },
  );
};
