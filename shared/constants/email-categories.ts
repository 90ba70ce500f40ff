import type { EmailSettings } from './accounts.ts';

/**
 * What each category of e-mail is, in the words of the notification settings page, for the
 * pages a List-Unsubscribe link opens: the label, and which e-mails stop when it is turned off.
 * `all` is the link of an e-mail that has no category of its own (it sets unsubscribedAll).
 */
export const EMAIL_CATEGORY_TEXTS: Record<
  Exclude<keyof EmailSettings, 'unsubscribedAll'> | 'all',
  { label: string; stops: string }
> = {
  newAnswers: {
    label: 'New answers',
    stops: 'e-mails when a question you asked or upvoted is answered, merged into another or carried over',
  },
  newQuestions: { label: 'New questions', stops: 'e-mails when someone asks a question in a group you host' },
  newAMAs: { label: 'New live Q&As', stops: 'e-mails when a group you subscribe to announces a live Q&A' },
  newFollowers: { label: 'New followers', stops: 'e-mails when someone starts following you' },
  weeklyDigest: { label: 'Weekly digest', stops: 'the weekly e-mail of what happened in your groups' },
  productUpdates: { label: 'Product updates', stops: 'e-mails about new features and changes to Townhall' },
  welcome: { label: 'Welcome e-mail', stops: 'the welcome e-mail' },
  passwordReset: { label: 'Password reset', stops: 'nothing: a reset you ask for is always sent' },
  all: { label: 'All e-mail', stops: 'every e-mail from Townhall except a password reset you ask for' },
};

/** The texts of a category named by an unsubscribe link, or undefined for one Townhall does not know. */
export function emailCategoryText(category: string): { label: string; stops: string } | undefined {
  return Object.hasOwn(EMAIL_CATEGORY_TEXTS, category)
    ? EMAIL_CATEGORY_TEXTS[category as keyof typeof EMAIL_CATEGORY_TEXTS]
    : undefined;
}
