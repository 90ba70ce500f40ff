const countFormat = new Intl.NumberFormat('en');

/** '1 subscriber', '1,204 subscribers'. */
export function formatSubscribers(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'subscriber' : 'subscribers'}`;
}

/** '1 member', '12 members'. */
export function formatMembers(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'member' : 'members'}`;
}

/** '1 like', '12 likes'. */
export function formatLikes(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'like' : 'likes'}`;
}

/** The path of a group's page. */
export function groupPath(slug: string): string {
  return `/group/${slug}`;
}

/** The name to show for a person: their name, or their @handle when they have none. */
export function personName(person: { name: string; username: string }): string {
  return person.name.trim() || `@${person.username}`;
}
