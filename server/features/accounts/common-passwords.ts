import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most used passwords (ranked, from zxcvbn-ts's list) are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: ReadonlySet<string> | undefined;

/** Whether a password is among the most common ones, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).slice(0, COMMON_PASSWORDS_REFUSED));
  return common.has(password.toLowerCase());
}
