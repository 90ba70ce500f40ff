import { queueKeys } from '#client/features/content/api/query-keys.ts';

/** How the queue is sorted and which part of it shows. */
export type QuestionSort = 'top' | 'new' | 'fresh';
export type QuestionView = 'open' | 'answered' | 'pending' | 'hidden' | 'later';

/** Query keys of the question queue, under the content keys that its live updates refresh. */
export const questionKeys = {
  all: queueKeys.all,
  /** Every list of a group's queue (any sort, any view). */
  lists: queueKeys.lists,
  /** One sort and view of the queue; with `sessionId`, only that AMA session's questions. */
  list: (groupId: string, sort: QuestionSort, view: QuestionView, sessionId?: string) =>
    [...questionKeys.lists(groupId), sort, view, sessionId ?? 'all'] as const,
  similar: (groupId: string, text: string) => [...questionKeys.all, 'similar', groupId, text] as const,
  /** The possible duplicates of one question (read again by the queue's live updates). */
  duplicates: (groupId: string, questionId: string) => [...queueKeys.duplicates(groupId), questionId] as const,
};
