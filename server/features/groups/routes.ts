import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  AddMemberInputSchema,
  AddMemberResponseSchema,
  GroupAccessSchema,
  GroupCreateInputSchema,
  GroupLikeResponseSchema,
  GroupListQuerySchema,
  GroupListResponseSchema,
  GroupMemberListResponseSchema,
  GroupPageResponseSchema,
  GroupResponseSchema,
  GroupUpdateInputSchema,
  PageQuerySchema,
  SlugAvailabilityQuerySchema,
  SlugAvailabilityResponseSchema,
  SubscribeResponseSchema,
  SubscriberListResponseSchema,
  SubscriptionListResponseSchema,
  SubscriptionStatusResponseSchema,
  type SubscriptionListResponse,
} from '#shared/schemas/groups.ts';
import { PageCache } from '../../lib/page-cache.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { addMember } from './add-member.ts';
import { checkSlugAvailability } from './check-slug.ts';
import { createGroup } from './create-group.ts';
import { deleteGroup } from './delete-group.ts';
import { loadGroupAccess, loadGroupPage } from './find-group.ts';
import { getSubscription } from './get-subscription.ts';
import { listGroups } from './list-groups.ts';
import { listMembers } from './list-members.ts';
import { listSubscribers } from './list-subscribers.ts';
import { listSubscriptions } from './list-subscriptions.ts';
import { markGroupViewed } from './mark-viewed.ts';
import { GROUP_RATE_RULES } from './rate-rules.ts';
import { removeMember } from './remove-member.ts';
import { setGroupLike } from './set-group-like.ts';
import { setSubscription } from './set-subscription.ts';
import { updateGroup } from './update-group.ts';

// Loose on purpose: a malformed id is answered 'Group not found' by the use cases.
const GroupParamsSchema = z.strictObject({ groupId: z.string().max(200) });
const SlugParamsSchema = z.strictObject({ slug: z.string().max(200) });
/** A group's page by its slug (formerly /api/groups/by-slug/:slug, which redirects here). */
const GROUP_BY_SLUG_PATH = '/api/group-slugs/:slug';
const RemoveMemberResponseSchema = z.object({ memberCount: z.number().int() });
const TAGS = ['groups'];

const error = ErrorResponseSchema;
const writeErrors = { 400: error, 401: error, 403: error, 404: error, 429: error };

/** Groups, their members, subscriptions and likes (see notes/routes.md). */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  // a person's subscriptions, served again until something they show changes (decision 035)
  const subscriptionPages = new PageCache<SubscriptionListResponse>({ events: app.groupEvents });
  app.post(
    '/api/groups',
    {
      schema: {
        summary: 'Create a group hosted by the signed-in person',
        description:
          'The slug is stored trimmed and lowercase; reserved words and slugs another group has (in any case) are ' +
          'refused. Bad fields: 400 `validation_failed` with `fields` (name, slug, description, groupImage). ' +
          'A taken slug: 409 `slug_taken`. At most 20 new groups an hour.',
        tags: TAGS,
        body: GroupCreateInputSchema,
        response: { 201: GroupResponseSchema, ...writeErrors, 409: error },
      },
    },
    async (request, reply) => {
      const group = await createGroup({
        db: app.db,
        rateLimit: app.rateLimit,
        viewer: request.viewer,
        input: request.body,
      });
      return reply.status(201).send({ group });
    },
  );

  app.get(
    '/api/groups',
    {
      schema: {
        summary: 'All groups, newest or most subscribed first',
        description: '20 a page unless `limit` says otherwise; pass `nextCursor` as `cursor` for the next page.',
        tags: TAGS,
        querystring: GroupListQuerySchema,
        response: { 200: GroupListResponseSchema, 400: error },
      },
    },
    async (request) => listGroups({ db: app.db, ...request.query }),
  );

  app.get(
    '/api/groups/slug-availability',
    {
      schema: {
        summary: 'Whether a slug is free (for the group form; creating checks again)',
        description: '`groupId`: the group being edited, whose own slug counts as free. `message` says why not.',
        tags: TAGS,
        querystring: SlugAvailabilityQuerySchema,
        response: { 200: SlugAvailabilityResponseSchema, 400: error },
      },
    },
    async (request) => checkSlugAvailability({ db: app.db, ...request.query }),
  );

  app.get(
    GROUP_BY_SLUG_PATH,
    {
      schema: {
        summary: "A group's page by slug, in any case, with the viewer's access",
        operationId: 'getGroupBySlug',
        tags: TAGS,
        params: SlugParamsSchema,
        response: { 200: GroupPageResponseSchema, 404: error },
      },
    },
    async (request) => loadGroupPage({ db: app.db, viewer: request.viewer, slug: request.params.slug }),
  );

  // The old path, ambiguous beside /api/groups/:groupId/… in OpenAPI (docs/api.md): a permanent
  // redirect that keeps the method and the query, left out of the document.
  app.get('/api/groups/by-slug/:slug', { schema: { hide: true, params: SlugParamsSchema } }, async (request, reply) => {
    const query = request.url.indexOf('?');
    const location = `${GROUP_BY_SLUG_PATH.replace(':slug', encodeURIComponent(request.params.slug))}${
      query === -1 ? '' : request.url.slice(query)
    }`;
    return reply.redirect(location, 308);
  });

  app.get(
    '/api/groups/:groupId/access',
    {
      schema: {
        summary: "The viewer's role and access in a group",
        description: "Signed out: role 'unknown' and everything false. canSubscribe is true for a guest only.",
        tags: TAGS,
        params: GroupParamsSchema,
        response: { 200: GroupAccessSchema, 404: error },
      },
    },
    async (request) => loadGroupAccess({ db: app.db, viewer: request.viewer, groupId: request.params.groupId }),
  );

  app.patch(
    '/api/groups/:groupId',
    {
      schema: {
        summary: "Change some of a group's fields (its host only)",
        description: 'Fields are checked as at creation. An empty body: 400. Not the host: 403.',
        tags: TAGS,
        params: GroupParamsSchema,
        body: GroupUpdateInputSchema,
        response: { 200: GroupResponseSchema, ...writeErrors, 409: error },
      },
    },
    async (request) => ({
      group: await updateGroup({
        transaction: app.transaction,
        viewer: request.viewer,
        groupId: request.params.groupId,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/api/groups/:groupId',
    {
      schema: {
        summary: 'Delete a group with its members, subscriptions and likes (its host only)',
        tags: TAGS,
        params: GroupParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteGroup({ transaction: app.transaction, viewer: request.viewer, groupId: request.params.groupId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/groups/:groupId/members',
    {
      schema: {
        summary: "A group's members, newest first",
        tags: TAGS,
        params: GroupParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: GroupMemberListResponseSchema, 400: error, 404: error },
      },
    },
    async (request) => listMembers({ db: app.db, groupId: request.params.groupId, ...request.query }),
  );

  app.post(
    '/api/groups/:groupId/members',
    {
      schema: {
        summary: 'Add a member by username (the host only)',
        description: 'Unknown username: 404. The host: 400. Already a member: 409. At most 300 member changes an hour.',
        tags: TAGS,
        params: GroupParamsSchema,
        body: AddMemberInputSchema,
        response: { 201: AddMemberResponseSchema, ...writeErrors, 409: error },
      },
      config: perAccount(GROUP_RATE_RULES.memberChangesPerAccount),
    },
    async (request, reply) => {
      const answer = await addMember({
        transaction: app.transaction,
        viewer: request.viewer,
        groupId: request.params.groupId,
        username: request.body.username,
      });
      return reply.status(201).send(answer);
    },
  );

  app.delete(
    '/api/groups/:groupId/members/:userId',
    {
      schema: {
        summary: 'Remove a member (the host only)',
        tags: TAGS,
        params: z.strictObject({ groupId: z.string().max(200), userId: z.string().max(200) }),
        response: { 200: RemoveMemberResponseSchema, ...writeErrors },
      },
      config: perAccount(GROUP_RATE_RULES.memberChangesPerAccount),
    },
    async (request) =>
      removeMember({
        transaction: app.transaction,
        viewer: request.viewer,
        groupId: request.params.groupId,
        userId: request.params.userId,
      }),
  );

  app.get(
    '/api/groups/:groupId/subscribers',
    {
      schema: {
        summary: "A group's subscribers, newest first",
        description: '20 a page unless `limit` says otherwise; pass `nextCursor` as `cursor` for the next page.',
        tags: TAGS,
        params: GroupParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: SubscriberListResponseSchema, 400: error, 404: error },
      },
    },
    async (request) => listSubscribers({ db: app.db, groupId: request.params.groupId, ...request.query }),
  );

  app.get(
    '/api/groups/:groupId/subscription',
    {
      schema: {
        summary: 'Whether the viewer subscribes to a group, and their subscribing record',
        description: 'Signed out: not subscribed.',
        tags: TAGS,
        params: GroupParamsSchema,
        response: { 200: SubscriptionStatusResponseSchema, 404: error },
      },
    },
    async (request) => getSubscription({ db: app.db, viewer: request.viewer, groupId: request.params.groupId }),
  );

  const subscriptionSchema = (summary: string, description: string) => ({
    summary,
    description,
    tags: TAGS,
    params: GroupParamsSchema,
    response: { 200: SubscribeResponseSchema, ...writeErrors, 500: error },
  });
  for (const isSubscribed of [true, false]) {
    const route = isSubscribed ? app.put.bind(app) : app.delete.bind(app);
    route(
      '/api/groups/:groupId/subscription',
      {
        schema: isSubscribed
          ? subscriptionSchema(
              'Subscribe to a group (idempotent)',
              'The host and members cannot subscribe (400): they have full access. `changed` is false when already ' +
                'subscribed. At most 300 subscription changes an hour.',
            )
          : subscriptionSchema(
              'Unsubscribe from a group (idempotent)',
              '`changed` is false when not subscribed. At most 300 subscription changes an hour.',
            ),
        config: perAccount(GROUP_RATE_RULES.subscriptionChangesPerAccount),
      },
      async (request) =>
        setSubscription({
          transaction: app.transaction,
          viewer: request.viewer,
          groupId: request.params.groupId,
          isSubscribed,
          log: request.log,
        }),
    );
  }

  app.post(
    '/api/groups/:groupId/viewed',
    {
      schema: {
        summary: "Mark a group viewed now (the viewer's subscription's lastViewedAt)",
        description: 'Without a subscription nothing is written (204 all the same).',
        tags: TAGS,
        params: GroupParamsSchema,
        response: { 204: z.null().describe('Marked'), 401: error, 404: error, 500: error },
      },
    },
    async (request, reply) => {
      await markGroupViewed({
        transaction: app.transaction,
        viewer: request.viewer,
        groupId: request.params.groupId,
        log: request.log,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/subscriptions',
    {
      schema: {
        summary: "The viewer's subscriptions to question-and-answer groups, liveliest first",
        description:
          'Only ama groups, sorted by the group’s last activity (or the subscription’s time before any), newest ' +
          'first. `hasNewActivity`: activity since the viewer last opened the group. `newQuestionsCount` and ' +
          '`newAnswersCount` count up to 100 each (shown as "99+" beyond 99).',
        tags: TAGS,
        querystring: PageQuerySchema,
        response: { 200: SubscriptionListResponseSchema, 400: error, 401: error },
      },
    },
    async (request) =>
      listSubscriptions({ db: app.db, viewer: request.viewer, ...request.query, cache: subscriptionPages }),
  );

  const likeSchema = (summary: string) => ({
    summary,
    description:
      "The permission rule's action 'like' on target 'group': signed out 401 `unauthenticated`; a guest 403 " +
      '`subscription_required` (the client opens the subscribe gate). At most 600 likes an hour.',
    tags: TAGS,
    params: GroupParamsSchema,
    response: { 200: GroupLikeResponseSchema, ...writeErrors },
  });
  for (const isLiked of [true, false]) {
    const route = isLiked ? app.put.bind(app) : app.delete.bind(app);
    route(
      '/api/groups/:groupId/like',
      {
        schema: likeSchema(isLiked ? 'Like a group (idempotent)' : 'Take back the like of a group (idempotent)'),
        config: perAccount(GROUP_RATE_RULES.likesPerAccount),
      },
      async (request) =>
        setGroupLike({
          transaction: app.transaction,
          viewer: request.viewer,
          groupId: request.params.groupId,
          isLiked,
        }),
    );
  }
};
