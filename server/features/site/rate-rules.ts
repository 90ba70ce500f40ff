import type { RateRule } from '../../plugins/rate-limit.ts';

/**
 * Limits of the contact form: plenty for a person writing to the administrators, too few for
 * a script filling their inbox. Per network address, and per account when signed in, so
 * neither changing address nor signing out buys more.
 */
export const SITE_RATE_RULES = {
  contactPerAddress: {
    name: 'contact:address',
    limit: 5,
    windowSeconds: 60 * 60,
    what: 'Too many messages from your network',
  },
  contactPerAccount: {
    name: 'contact:account',
    limit: 5,
    windowSeconds: 60 * 60,
    what: 'Too many messages from your account',
  },
} satisfies Record<string, RateRule>;
