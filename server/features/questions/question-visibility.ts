import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';

/** What decides who sees a question and what hangs under it: its state, its group's host and its author. */
export interface QuestionVisibility {
  /** Hidden by the host. */
  isHidden: boolean;
  /** Waiting for the host's approval. */
  isPending: boolean;
  ownerId: string;
  authorId: string;
}

/**
 * A hidden or pending question, and what hangs under it (its answer, its comments and their
 * likes), is the host's and its author's alone: anyone else is told it was hidden (403) or,
 * while it waits for approval, that there is no such question (404). The comments and likes
 * features ask this of their items; an item under a post is neither hidden nor pending.
 */
export function requireVisibleQuestion(question: QuestionVisibility, viewer: Viewer | null): void {
  if (!question.isHidden && !question.isPending) return;
  if (viewer && (viewer.id === question.ownerId || viewer.id === question.authorId)) return;
  if (question.isPending) throw notFound(CONTENT_MESSAGES.questionNotFound);
  throw new AppError(403, 'item_hidden', CONTENT_MESSAGES.itemHidden);
}
