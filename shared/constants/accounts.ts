/**
 * E-mail settings of a profile and their defaults. `unsubscribedAll` stops
 * every e-mail except password reset.
 */
export const DEFAULT_EMAIL_SETTINGS = {
  welcome: true,
  passwordReset: true,
  newAnswers: true,
  newQuestions: true,
  newAMAs: true,
  newFollowers: true,
  weeklyDigest: false,
  productUpdates: false,
  unsubscribedAll: false,
} as const;

export type EmailSettings = { [Key in keyof typeof DEFAULT_EMAIL_SETTINGS]: boolean };
export const EMAIL_SETTING_KEYS = Object.keys(DEFAULT_EMAIL_SETTINGS) as (keyof EmailSettings)[];
