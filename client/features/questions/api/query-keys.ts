/** How the queue is sorted and which part of it shows. */
export type QuestionSort = 'top' | 'new';
export type QuestionView = 'open' | 'answered' | 'pending' | 'hidden';

/** Query keys of the question queue. */
export const questionKeys = {
  all: ['questions'] as const,
  /** Every list of a group's queue (any sort, any view). */
  lists: (groupId: string) => [...questionKeys.all, 'list', groupId] as const,
  list: (groupId: string, sort: QuestionSort, view: QuestionView) =>
    [...questionKeys.lists(groupId), sort, view] as const,
  similar: (groupId: string, text: string) => [...questionKeys.all, 'similar', groupId, text] as const,
};
