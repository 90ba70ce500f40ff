import type { GroupMemberListResponse } from '#shared/schemas/groups.ts';
import type { Database } from '../../db/client.ts';
import { groupPeoplePage } from './group-people-page.ts';
import { presentMember } from './presenter.ts';

/** One page of a group's members, newest first, keyset cursor on (added at, userId): one prepared statement. */
export async function listMembers(options: {
  db: Database;
  groupId: string;
  cursor?: string | undefined;
  limit: number;
}): Promise<GroupMemberListResponse> {
  const { people, nextCursor } = await groupPeoplePage({ ...options, list: 'members' });
  return { members: people.map((person) => presentMember({ ...person, addedAt: person.createdAt })), nextCursor };
}
