import type { GroupPerson } from '#shared/schemas/groups.ts';

/** A person as like lists show them. */
export function presentPerson(row: {
  id: string;
  username: string;
  name: string;
  profileImageUrl: string;
}): GroupPerson {
  return { id: row.id, username: row.username, name: row.name, profileImageURL: row.profileImageUrl };
}
