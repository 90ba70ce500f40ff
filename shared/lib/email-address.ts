import { z } from 'zod';

const EmailAddressSchema = z.email();

/**
 * Whether an e-mail address can belong to an account: the check the sign-in library runs
 * (zod's `z.email()`), so the form and the server say 'Please enter a valid email address.'
 * before the library would answer in its own words.
 */
export function isValidEmailAddress(value: string): boolean {
  return EmailAddressSchema.safeParse(value.trim()).success;
}
