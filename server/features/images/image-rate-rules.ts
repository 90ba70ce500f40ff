import type { RateRule } from '../../plugins/rate-limit.ts';

/** Limits of image uploads: each costs a decode and up to eight encodes, so one account gets 60 an hour. */
export const IMAGE_RATE_RULES = {
  uploadsPerAccount: {
    name: 'image-upload:account',
    limit: 60,
    windowSeconds: 60 * 60,
    what: 'Too many image uploads',
  },
} satisfies Record<string, RateRule>;
