import { CONTENT_LIMITS } from '#shared/constants/limits.ts';

/** Texts of posts, comments, likes and questions: ours (the spec names none). */
export const CONTENT_MESSAGES = {
  postEmpty: 'Write something or add an image',
  postTooLong: `A post can be at most ${CONTENT_LIMITS.postBodyMax} characters`,
  tooManyImages: `A post can have at most ${CONTENT_LIMITS.postImagesMax} images`,
  imageNotOurs: 'Post images must be images you uploaded to Townhall',
  postNotFound: 'Post not found',
  commentEmpty: 'Comment cannot be empty',
  commentTooLong: `A comment can be at most ${CONTENT_LIMITS.commentBodyMax} characters`,
  commentNotFound: 'Comment not found',
  replyToReply: 'Replies can only answer a top-level comment',
  questionEmpty: 'Question cannot be empty',
  questionTooLong: `A question can be at most ${CONTENT_LIMITS.questionBodyMax} characters`,
  questionNotFound: 'Question not found',
  questionsOnlyInAma: 'Questions can only be asked in live Q&A groups',
  questionAnsweredNoEdit: 'An answered question can no longer be edited',
  answerEmpty: 'Answer cannot be empty',
  answerTooLong: `An answer can be at most ${CONTENT_LIMITS.answerBodyMax} characters`,
  onlyHostAnswers: 'Only the host can answer questions',
  onlyHostModerates: 'Only the host can do this',
  notAuthor: 'Only the author can edit this',
  cannotDelete: 'Only the author or the host can delete this',
  itemHidden: 'This question was hidden by the host',
  hideReasonAlone: 'A reason goes with hiding a question (isHidden: true)',
  likeNotFound: 'Nothing to like here',
  invalidCursor: 'This page link is not valid any more. Start again from the first page.',
} as const;
