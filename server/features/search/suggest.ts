import { SEARCH_LIMITS, searchHrefs, type Suggestion, type SuggestionsResponse } from '#shared/schemas/search.ts';
import type { Queryable } from '../../db/client.ts';
import { checkedText } from './run-search.ts';
import { searchQuestions } from './search-content.ts';
import { searchGroups } from './search-groups.ts';
import { searchPeople } from './search-people.ts';

const QUESTION_LABEL_MAX = 120;
/** Matches of each way ranked per keystroke: the ten best of the most popular. */
const SUGGESTION_CANDIDATES = 100;

/** `text` cut to `max` characters, with an ellipsis when cut. */
function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Takes up to `perKind[k]` of each kind, then fills the rest (up to `max`) from what is left,
 * kind by kind in order; the result keeps the kinds in that order.
 */
export function mixSuggestions<T>(lists: T[][], perKind: number[], max: number): T[] {
  const taken = lists.map((list, index) => Math.min(list.length, perKind[index] ?? 0));
  let room = max - taken.reduce((sum, n) => sum + n, 0);
  for (const [index, list] of lists.entries()) {
    const extra = Math.max(0, Math.min(room, list.length - (taken[index] ?? 0)));
    taken[index] = (taken[index] ?? 0) + extra;
    room -= extra;
  }
  return lists.flatMap((list, index) => list.slice(0, taken[index]));
}

/**
 * Suggestions of the top bar's search field as a person types: people first, then groups,
 * then questions; at most SEARCH_LIMITS.suggestionsMax in all (4, 4 and 2 unless a kind has
 * fewer, when the others fill in).
 */
export async function suggest(options: { db: Queryable; q: string }): Promise<SuggestionsResponse> {
  const text = checkedText(options.q);
  if (text.text === '') return { suggestions: [] };
  const max = SEARCH_LIMITS.suggestionsMax;
  const page = { db: options.db, text, offset: 0, limit: max, candidates: SUGGESTION_CANDIDATES };
  const [people, groups, questions] = await Promise.all([
    searchPeople(page),
    searchGroups(page),
    // A question needs a few characters to be worth suggesting.
    text.isLong ? searchQuestions(page) : Promise.resolve([]),
  ]);
  const lists: Suggestion[][] = [
    people.map((person) => ({
      type: 'user',
      id: person.id,
      label: person.name || person.username,
      description: `@${person.username}`,
      href: searchHrefs.person(person.username),
      imageUrl: person.profileImageURL || null,
    })),
    groups.map((group) => ({
      type: 'group',
      id: group.id,
      label: group.name,
      description: `${group.subscriberCount} ${group.subscriberCount === 1 ? 'subscriber' : 'subscribers'}`,
      href: searchHrefs.group(group.slug),
      imageUrl: group.groupImage || null,
    })),
    questions.map((question) => ({
      type: 'question',
      id: question.id,
      label: cut(question.body, QUESTION_LABEL_MAX),
      description: `In ${question.groupName}`,
      href: question.href,
      imageUrl: question.author.profileImageURL || null,
    })),
  ];
  const { user, group, question } = SEARCH_LIMITS.suggestionsPerKind;
  return { suggestions: mixSuggestions(lists, [user, group, question], max) };
}
