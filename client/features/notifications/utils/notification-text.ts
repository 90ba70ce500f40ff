import type { Notification } from '#shared/schemas/notifications.ts';

/** The name to show for a person: their name, or their @handle when they have none. */
function personName(person: { name: string; username: string } | null): string {
  if (!person) return 'Someone';
  return person.name.trim() || `@${person.username}`;
}

/** The sentence of one notification: 'Ada answered your question', 'New AMA in Rust: Ask me'. */
export function notificationText(item: Pick<Notification, 'kind' | 'actor' | 'group' | 'excerpt'>): string {
  const name = personName(item.actor);
  const group = item.group?.name ?? 'a group';
  switch (item.kind) {
    case 'new_answer':
      return `${name} answered your question`;
    case 'new_question':
      return `${name} asked in ${group}`;
    case 'new_follower':
      return `${name} followed you`;
    case 'new_ama':
      return `New AMA in ${group}: ${item.excerpt}`;
    case 'ama_starting':
      return `${group} is live now`;
    case 'reply':
      return `${name} replied to you`;
    case 'question_merged':
      return `A question you asked or upvoted in ${group} was merged into another`;
    case 'question_carried':
      return `A question you asked or upvoted in ${group} was carried over`;
  }
}

/** Whether the excerpt adds something below the sentence (an AMA's title is in the sentence already). */
export function showsExcerpt(item: Pick<Notification, 'kind' | 'excerpt'>): boolean {
  return item.excerpt.trim() !== '' && item.kind !== 'new_ama';
}
