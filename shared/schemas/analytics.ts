import { z } from 'zod';

/** Longest page path recorded; longer ones are refused. */
export const PAGE_VIEW_PATH_MAX_LENGTH = 512;

/** Body of POST /api/analytics/page-views, sent by the page-view beacon. */
export const PageViewInputSchema = z.strictObject({
  /** The page's path, without query string or fragment. */
  path: z
    .string()
    .min(1)
    .max(PAGE_VIEW_PATH_MAX_LENGTH)
    .regex(/^\/[^?#\s]*$/, 'must be a path starting with / without query or fragment'),
  /** The page the visitor came from (document.referrer), if any. */
  referrer: z.string().max(2048).optional(),
});
export type PageViewInput = z.infer<typeof PageViewInputSchema>;
