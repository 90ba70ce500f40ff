import { isHandleShaped } from '#shared/lib/username-rules.ts';

/** The tab title of a profile, as the server writes it into the page it sends: 'Ada (@ada)'. */
export function profileTitle(person: { name: string; username: string }): string {
  return `${person.name.trim() || person.username} (@${person.username})`;
}

/** Whether a path segment could be a handle at all, so other paths go straight to the 404 page. */
export function isPossibleHandle(segment: string): boolean {
  return isHandleShaped(segment);
}

const countFormat = new Intl.NumberFormat('en');

/** '1 follower', '1,204 followers'. */
export function formatFollowers(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'follower' : 'followers'}`;
}

/** '12 following'. */
export function formatFollowing(count: number): string {
  return `${countFormat.format(count)} following`;
}

/** Just the number, grouped: '1,204'. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}
