import type { SubscriptionItem } from '#shared/schemas/groups.ts';
import { cappedCountText } from '#client/lib/capped-count.ts';

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

/** The name to show for a person: their name, or their @handle when they have none. */
export function personName(person: { name: string; username: string }): string {
  return person.name.trim() || `@${person.username}`;
}

/** '3 new questions · 1 new answer' since the last visit, or '' when there is nothing new to count. */
export function newCountsText(item: Pick<SubscriptionItem, 'newQuestionsCount' | 'newAnswersCount'>): string {
  const parts: string[] = [];
  const questions = item.newQuestionsCount ?? 0;
  const answers = item.newAnswersCount ?? 0;
  if (questions > 0) parts.push(`${cappedCountText(questions)} new ${questions === 1 ? 'question' : 'questions'}`);
  if (answers > 0) parts.push(`${cappedCountText(answers)} new ${answers === 1 ? 'answer' : 'answers'}`);
  return parts.join(' · ');
}
