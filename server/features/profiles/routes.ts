import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROFILE_MESSAGES } from '#shared/constants/profile-messages.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  FollowResponseSchema,
  PeoplePageQuerySchema,
  PeoplePageSchema,
  ProfilePageResponseSchema,
  ProfileUpdateResponseSchema,
} from '#shared/schemas/profiles.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { readProfilePage } from './find-profile.ts';
import { setFollow } from './follow.ts';
import { listFollows } from './list-follows.ts';
import type { NewFollowersMailer } from './new-followers-mail.ts';
import { PROFILE_RATE_RULES } from './rate-rules.ts';
import { isUserId, updateProfile } from './update-profile.ts';

// Loose on purpose: the use cases answer the spec's own messages for a bad id.
const UserParamsSchema = z.strictObject({ userId: z.string().max(200) });

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Public profiles, the profile update, follows and the followers and following lists. */
export function profileRoutes(mailer: NewFollowersMailer): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profiles/:username',
      {
        schema: {
          summary: "A person's public profile by username, current or former, in any case",
          description:
            'Looks at current usernames first, then earlier ones (usernameHistory). For a former one, ' +
            '`profile.username` is the current username: the client moves there.',
          tags: ['profiles'],
          params: z.strictObject({ username: z.string().max(200) }),
          response: { 200: ProfilePageResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => {
        const page = await readProfilePage({
          db: app.db,
          by: 'username',
          key: request.params.username,
          viewer: request.viewer,
        });
        if (!page) throw notFound(PROFILE_MESSAGES.notFound);
        return page;
      },
    );

    app.get(
      '/api/users/:userId/public-profile',
      {
        schema: {
          summary: "A person's public profile by id",
          tags: ['profiles'],
          params: UserParamsSchema,
          response: { 200: ProfilePageResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => {
        const { userId } = request.params;
        if (!isUserId(userId)) throw new AppError(400, 'invalid_user_id', PROFILE_MESSAGES.invalidUserId);
        const page = await readProfilePage({ db: app.db, by: 'id', key: userId, viewer: request.viewer });
        if (!page) throw notFound(PROFILE_MESSAGES.notFound);
        return page;
      },
    );

    app.patch(
      '/api/users/:userId/profile',
      {
        schema: {
          summary: 'Change some of one’s own profile: name, username, quote, profile image',
          description:
            'Unknown fields, an empty object or wrong types: 400 "Invalid update data". A username follows the ' +
            'sign-up rules; the old one joins usernameHistory and keeps pointing here. At most 10 username changes a day.',
          tags: ['profiles'],
          params: UserParamsSchema,
          // Checked by the use case, which answers the spec's own messages for bad data.
          body: z
            .unknown()
            .describe('Any of name, username, quote, profileImageURL (see ProfileUpdateInputSchema)')
            .meta({ examples: [{ name: 'Ada Lovelace', quote: 'Look at the data before you chart it.' }] }),
          response: { 200: ProfileUpdateResponseSchema, ...errors },
        },
      },
      async (request) => ({
        profile: await updateProfile({
          db: app.db,
          rateLimit: app.rateLimit,
          viewer: request.viewer,
          userId: request.params.userId,
          changes: request.body,
        }),
      }),
    );

    const changeFollow = async (viewer: Viewer | null, userId: string, isFollowing: boolean) => {
      const { isNew, ...answer } = await setFollow({ transaction: app.transaction, viewer, userId, isFollowing });
      if (isNew) {
        // The follow stands even if its e-mail cannot be scheduled; the next follow's job covers it.
        await mailer
          .followed(userId)
          .catch((error: unknown) => app.log.error({ err: error }, 'the new-follower e-mail could not be scheduled'));
      }
      return answer;
    };
    const followOptions = (summary: string) => ({
      schema: {
        summary,
        tags: ['profiles'],
        params: UserParamsSchema,
        response: { 200: FollowResponseSchema, ...errors },
      },
      config: perAccount(PROFILE_RATE_RULES.followChangesPerAccount),
    });
    app.put('/api/users/:userId/follow', followOptions('Follow a person (idempotent)'), async (request) =>
      changeFollow(request.viewer, request.params.userId, true),
    );
    app.delete('/api/users/:userId/follow', followOptions('Unfollow a person (idempotent)'), async (request) =>
      changeFollow(request.viewer, request.params.userId, false),
    );

    const followsRoute = (path: string, direction: 'followers' | 'following', summary: string) =>
      app.get(
        path,
        {
          schema: {
            summary,
            description: '20 a page unless `limit` says otherwise; pass `nextCursor` as `cursor` for the next page.',
            tags: ['profiles'],
            params: UserParamsSchema,
            querystring: PeoplePageQuerySchema,
            response: { 200: PeoplePageSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
          },
        },
        async (request) =>
          listFollows({
            db: app.db,
            viewer: request.viewer,
            userId: request.params.userId,
            direction,
            cursor: request.query.cursor,
            limit: request.query.limit,
          }),
      );
    followsRoute('/api/users/:userId/followers', 'followers', 'The people who follow a person, newest first');
    followsRoute('/api/users/:userId/following', 'following', 'The people a person follows, newest first');
  };
}
