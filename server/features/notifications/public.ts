// What other features use of notifications; everything else in this folder is the feature's own.

// in-app notifications written in the write's transaction, and the live event that announces them
export { createNotifications, NOTIFICATION_CREATED_EVENT } from './create-notifications.ts';
// the 'newAnswers' e-mail and the link a notification opens
export { queueNewAnswerMails } from './new-answer-mail.ts';
export { notificationHref } from './notification-href.ts';
// a question merged into another or carried over: its asker and voters are told (in-app and e-mail)
export { notifyQuestionsMoved, type MovedQuestion } from './question-moved.ts';
// what a session e-mail is about, so the content check can ask again at delivery whether it exists
export { SESSION_ABOUT } from './delivery-checks.ts';
// an administrator's preview of the weekly digest, to their own address
export { DIGEST_PREVIEW_MAIL_KIND, DIGEST_PREVIEW_SUBJECT, queueDigestPreview } from './weekly-digest.ts';
