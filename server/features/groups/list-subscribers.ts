import type { SubscriberListResponse } from '#shared/schemas/groups.ts';
import type { Database } from '../../db/client.ts';
import { groupPeoplePage } from './group-people-page.ts';
import { presentSubscriber } from './presenter.ts';

/** One page of a group's subscribers, newest first, keyset cursor on (createdAt, userId): one prepared statement. */
export async function listSubscribers(options: {
  db: Database;
  groupId: string;
  cursor?: string | undefined;
  limit: number;
}): Promise<SubscriberListResponse> {
  const { groupId } = options;
  const { people, nextCursor } = await groupPeoplePage({ ...options, list: 'subscribers' });
  return {
    subscribers: people.map((person) => presentSubscriber({ ...person, groupId })),
    nextCursor,
  };
}
